// Generator-heavy: lazy pipelines built from generator functions (range, map, filter, take,
// chunk), a recursive tree walk with yield*, and destructuring from generators.
function* range(n) { for (let i = 0; i < n; i++) yield i; }
function* map(it, f) { for (const x of it) yield f(x); }
function* filter(it, p) { for (const x of it) if (p(x)) yield x; }
function* take(it, n) { if (n <= 0) return; for (const x of it) { yield x; if (--n <= 0) return; } }
function* chunk(it, k) {
  let buf = [];
  for (const x of it) { buf.push(x); if (buf.length === k) { yield buf; buf = []; } }
  if (buf.length) yield buf;
}
let sum = 0;
for (const c of chunk(take(filter(map(range(200000), (x) => x * 3), (x) => x % 2 === 0), 60000), 16)) {
  sum += c[0] + c.length;
}
function tree(d) { return d === 0 ? null : { v: d, l: tree(d - 1), r: tree(d - 1) }; }
function* walk(t) { if (!t) return; yield* walk(t.l); yield t.v; yield* walk(t.r); }
let nodes = 0;
let vs = 0;
for (const v of walk(tree(14))) { nodes++; vs += v; }
function* fibs() { let [a, b] = [0, 1]; for (;;) { yield a; [a, b] = [b, a + b]; } }
const [f0, f1, , f3, ...rest] = take(fibs(), 40);
return { sum, nodes, vs, f0, f1, f3, last: rest[rest.length - 1] };
