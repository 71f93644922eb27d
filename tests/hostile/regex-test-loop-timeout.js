// One long match (about 2^22 backtracking steps) per call: the deadline is seen inside and between them.
const re = /^(a|a)*$/;
const s = 'a'.repeat(22) + 'b';
let n = 0;
for (let i = 0; i < 2000; i++) if (re.test(s)) n++;
return n;
