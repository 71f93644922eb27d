// Promise.all fan-out over a no-op tool: 200 concurrent calls, then a chain of awaits.
const results = await Promise.all(Array.from({ length: 200 }, (_, i) => tools.noop.ping({ i })));
let sum = 0;
for (const r of results) sum += r.i;
let chained = 0;
for (let i = 0; i < 200000; i++) chained += await Promise.resolve(i % 3);
return { calls: results.length, sum, chained };
