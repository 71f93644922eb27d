// structuredClone of primitive wrapper objects: a BigInt wrapper clones to a new BigInt wrapper (not {}),
// shared references stay shared; a Symbol wrapper is a DataCloneError.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const w = Object(10n);
const c = structuredClone({ a: w, b: w, n: Object(5), s: Object('x'), f: Object(false) });
const r = {};
r.bigint = [typeof c.a, Object.prototype.toString.call(c.a), c.a === w, c.a === c.b, `${c.a.valueOf()}`, `${c.a + 1n}`,
  Object.getPrototypeOf(c.a) === BigInt.prototype];
r.others = [c.n + 1, `${c.s}!`, c.f.valueOf(), typeof c.n, typeof c.s, typeof c.f];
r.top = (() => { const x = structuredClone(Object(-7n)); return [typeof x, `${x}`]; })();
r.symbol = t(() => structuredClone(Object(Symbol('q'))));
return r;
