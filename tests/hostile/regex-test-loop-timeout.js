// One long match (about 2^19 backtracking steps, far below the per-match cap) per call: the deadline is seen inside and between them.
const re = /^(a|a)*$/;
const s = 'a'.repeat(18) + 'b';
let n = 0;
for (let i = 0; i < 2000; i++) if (re.test(s)) n++;
return n;
