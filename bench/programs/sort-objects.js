// Sorting objects with a comparator, then Map/Set grouping of the sorted records.
const rows = Array.from({ length: 60000 }, (_, i) => ({ key: (i * 7919) % 30011, group: 'g' + (i % 50) }));
rows.sort((a, b) => a.key - b.key || (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));
const byGroup = new Map();
const seen = new Set();
for (const r of rows) {
  byGroup.set(r.group, (byGroup.get(r.group) || 0) + r.key);
  seen.add(r.key % 1000);
}
return { first: rows[0].key, last: rows[rows.length - 1].key, groups: byGroup.size, distinct: seen.size, g7: byGroup.get('g7') };
