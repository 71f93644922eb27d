// The engine keeps the widened copy of a Latin-1 subject between execs (vm/builtins/regexp.cc,
// SubjectUnits). These cases check that the copy is never stale: fresh strings of equal length in a
// loop with garbage in between (so cells are swept and addresses reused), alternating subjects,
// ropes flattened between calls, and long subjects walked by matchAll / replace / split / exec.
const out = {};

// 1. Fresh subjects of equal length, each with a different digit; garbage forces collections.
let wrong = 0;
let junk = [];
for (let i = 0; i < 3000; i++) {
  const s = 'a'.repeat(40) + (i % 10) + 'b'.repeat(40);
  const m = /\d/g.exec(s);
  if (m[0] !== String(i % 10) || m.index !== 40) wrong++;
  junk.push({ i, t: 'x' + i });
  if (junk.length > 500) junk = [];
}
out.freshWrong = wrong;

// 2. Two subjects of equal length alternating under one global RegExp.
const re = /[0-9]+/g;
const s1 = 'id=12345;id=67890;id=11111';
const s2 = 'no=99999;no=88888;no=77777';
const seq = [];
for (let k = 0; k < 6; k++) {
  const s = k % 2 ? s2 : s1;
  re.lastIndex = (k >> 1) * 9;
  seq.push(re.exec(s)[0]);
}
out.alternating = seq;

// 3. A rope subject (built by concatenation) matched, then extended and matched again.
let rope = '';
for (let i = 0; i < 200; i++) rope += 'item' + i + ',';
const c1 = [...rope.matchAll(/item(\d+)/g)].length;
rope += 'item999,';
const c2 = [...rope.matchAll(/item(\d+)/g)].length;
out.rope = [c1, c2, rope.length];

// 4. A long subject walked by matchAll, replace with a function, split and an exec loop.
const lines = [];
for (let i = 0; i < 3000; i++) lines.push(`row ${i} value=${(i * 37) % 1000} tag=t${i % 13}`);
const all = lines.join('\n');
let sum = 0;
for (const m of all.matchAll(/value=(\d+)/g)) sum += Number(m[1]);
out.matchAllSum = sum;
let calls = 0;
const replaced = all.replace(/tag=t(\d+)/g, (_, d) => { calls++; return 'T' + d; });
out.replaced = [calls, replaced.length, replaced.slice(0, 40)];
out.splitCount = all.split(/\n/).length;
const ex = /row (\d+)/g;
let last = null;
let n = 0;
while ((last = ex.exec(all)) !== null) n += last[1].length;
out.execDigits = n;

// 5. Latin-1 (one-byte) and two-byte subjects of the same length alternate.
const latin = 'caf\u00e9 caf\u00e9 caf\u00e9';
const wide = 'caf\u0113 caf\u00e9 caf\u0113';
out.mixed = [latin.match(/caf\u00e9/g).length, wide.match(/caf\u00e9/g).length,
             latin.replace(/\u00e9/g, 'e'), wide.replace(/\u0113/g, 'e')];
return out;
