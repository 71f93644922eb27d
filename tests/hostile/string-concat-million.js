// A million string concatenations must succeed (ropes or amortized building, within default limits).
let s = '';
for (let i = 0; i < 1000000; i++) s += String.fromCharCode(97 + (i % 26));
return { length: s.length, head: s.slice(0, 30), tail: s.slice(-4) };
