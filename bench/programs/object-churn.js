// Object property churn: create records, read, update and add properties, delete some.
const records = [];
for (let i = 0; i < 150000; i++) {
  const r = { id: i, name: 'user' + (i % 100), score: i % 17, active: i % 3 === 0 };
  r.score += r.id % 5;
  if (r.active) r.bonus = r.score * 2;
  else delete r.active;
  records.push(r);
}
let total = 0;
for (const r of records) total += r.score + (r.bonus || 0) + r.name.length;
return { count: records.length, total };
