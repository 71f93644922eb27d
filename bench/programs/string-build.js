// String building: concatenation in a loop, template literals, join, slice and indexOf.
let s = '';
for (let i = 0; i < 60000; i++) s += `item-${i};`;
const parts = [];
for (let i = 0; i < 60000; i++) parts.push(String(i * 7).padStart(6, '0'));
const joined = parts.join(',');
let hits = 0;
for (let i = 0; i < 2000; i++) if (s.indexOf(`item-${i * 13};`) >= 0) hits++;
return { length: s.length, joined: joined.length, hits, tail: joined.slice(-13) };
