// Object.groupBy (ES2024). Node 20 lacks it, so groupby.json is written by hand from ECMA-262 §20.1.2.11.
const name = (f) => { try { f(); return 'no error'; } catch (e) { return e.name; } };
const r = {};
const g = Object.groupBy([1, 2, 3, 4, 5, 6], (x) => (x % 2 ? 'odd' : 'even'));
r.basic = g;
r.nullProto = Object.getPrototypeOf(g) === null;
r.indexArg = Object.groupBy(['a', 'b', 'c'], (v, i) => (i < 2 ? 'first' : 'rest'));
r.keyCoercion = Object.keys(Object.groupBy([1, 2, 3], (x) => (x === 1 ? 10 : x === 2 ? null : undefined)));
r.keyOrder = Object.keys(Object.groupBy(['x', 'y', 'z'], (v) => (v === 'x' ? 'b' : v === 'y' ? '2' : 'a')));
r.string = Object.groupBy('abca', (c) => c);
r.iterable = Object.groupBy(new Set([1, 2, 3]), (x) => (x > 1 ? 'big' : 'small'));
r.protoKey = (() => { const o = Object.groupBy([1], () => '__proto__'); return [Object.keys(o), o.__proto__]; })();
r.symbolKey = (() => { const s = Symbol('k'); const o = Object.groupBy([1, 2], () => s); return o[s]; })();
r.objectKey = Object.keys(Object.groupBy([1], () => ({ toString() { return 'viaToString'; } })));
let closed = 0;
const closing = {
  [Symbol.iterator]() {
    let i = 0;
    return { next: () => ({ value: i++, done: false }), return() { closed++; return {}; } };
  },
};
r.closesOnThrow = [name(() => Object.groupBy(closing, (v) => { if (v === 1) throw new RangeError('cb'); return 'k'; })), closed];
r.errors = [name(() => Object.groupBy(null, (x) => x)), name(() => Object.groupBy(undefined, (x) => x)), name(() => Object.groupBy([1], 1)),
  name(() => Object.groupBy([1]))];
r.empty = Object.groupBy([], (x) => x);
r.meta = [Object.groupBy.length, Object.groupBy.name];
return r;
