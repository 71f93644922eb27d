// Each test() backtracks 2^16 ways before failing; no single match reaches the budget, all of them do.
const re = /^(a|a)*$/;
const s = 'a'.repeat(16) + 'b';
let n = 0;
for (let i = 0; i < 2000; i++) if (re.test(s)) n++;
return n;
