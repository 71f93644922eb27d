// Regex-heavy: parse log lines with named groups, global replace with a function replacer,
// split, test and matchAll — the text munging models do on tool output.
const levels = ['INFO', 'WARN', 'ERROR', 'DEBUG'];
const lines = [];
for (let i = 0; i < 6000; i++) {
  lines.push(`2024-03-${String(i % 28 + 1).padStart(2, '0')}T10:${String(i % 60).padStart(2, '0')}:00Z ` +
    `[${levels[i % 4]}] user=u${i % 97} path=/api/v1/items/${i} took=${(i * 37) % 1000}ms ` +
    `mail=user${i % 13}@example.com`);
}
const re = /^(?<date>\d{4}-\d{2}-\d{2})T(?<time>[\d:]+)Z \[(?<level>\w+)\] user=(?<user>\w+) path=(?<path>\S+) took=(?<ms>\d+)ms/;
const byLevel = {};
let slow = 0;
let redacted = 0;
let words = 0;
for (const line of lines) {
  const m = re.exec(line);
  if (!m) continue;
  const g = m.groups;
  byLevel[g.level] = (byLevel[g.level] || 0) + 1;
  if (Number(g.ms) > 900) slow++;
  const r = line.replace(/[\w.]+@[\w.]+/g, (s) => s[0] + '***');
  redacted += r.length;
  words += line.split(/\s+/).length;
  if (/\/items\/\d*7$/.test(g.path)) slow += 0;
}
const all = lines.slice(0, 2000).join('\n');
let ids = 0;
for (const m of all.matchAll(/items\/(\d+)/g)) ids += Number(m[1]);
return { byLevel, slow, redacted, words, ids };
