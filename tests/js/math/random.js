// Math.random: values in [0, 1), not constant. The oracle refuses Math.random, so random.json was
// written by hand (the sequence is engine-specific; only its properties are checked).
const xs = [];
for (let i = 0; i < 1000; i++) xs.push(Math.random());
const inRange = xs.every((x) => typeof x === "number" && x >= 0 && x < 1);
const distinct = new Set(xs).size;
const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
const buckets = [0, 0, 0, 0];
for (const x of xs) buckets[Math.floor(x * 4)]++;
return {
  inRange,
  distinctEnough: distinct > 990,
  meanOk: mean > 0.4 && mean < 0.6,
  bucketsOk: buckets.every((b) => b > 180 && b < 320),
  detached: (() => { const r = Math.random; const v = r(); return v >= 0 && v < 1; })(),
  length: Math.random.length,
};
