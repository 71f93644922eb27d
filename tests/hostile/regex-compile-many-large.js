// Each compiled pattern holds megabytes (20,000 groups): what the run's RegExps hold is charged to
// --max-memory-bytes while the run can use them.
const a = [];
for (let i = 0; i < 200; i++) a.push(new RegExp('(a|b)'.repeat(20000) + i));
return a.length;
