// Object.fromEntries: iterables of entries (arrays, Maps, custom iterators), key coercion, errors and closing.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
r.basic = Object.fromEntries([['a', 1], ['b', 2], ['a', 3]]);
r.map = Object.fromEntries(new Map([['x', 1], [2, 'two']]));
r.roundTrip = Object.fromEntries(Object.entries({ p: 1, q: [2] }).map(([k, v]) => [k.toUpperCase(), v]));
r.keys = Object.keys(Object.fromEntries([[1, 'n'], [null, 'null'], [undefined, 'u'], [true, 'b'], [{ toString() { return 'obj'; } }, 'o']]));
const sym = Symbol('e');
r.symbolKey = Object.fromEntries([[sym, 'sv']])[sym];
r.extraItems = Object.fromEntries([['k', 'v', 'ignored'], ['short']]);
r.entryObjects = Object.fromEntries([{ 0: 'from', 1: 'object' }, new String('xy')]);
r.protoKey = (() => { const o = Object.fromEntries([['__proto__', 5]]); return [Object.keys(o), Object.getPrototypeOf(o) === Object.prototype]; })();
const iterable = {
  [Symbol.iterator]() {
    let i = 0;
    return { next: () => (i < 2 ? { value: [`g${++i}`, i], done: false } : { done: true }) };
  },
};
r.generator = Object.fromEntries(iterable);
let closed = 0;
const closing = {
  [Symbol.iterator]() {
    let i = 0;
    return { next: () => ({ value: i++ === 0 ? ['ok', 1] : 42, done: false }), return() { closed++; return {}; } };
  },
};
r.badEntry = [err(() => Object.fromEntries(closing)), closed];
r.errors = [err(() => Object.fromEntries()), err(() => Object.fromEntries(null)), err(() => Object.fromEntries([1])),
  err(() => Object.fromEntries([null])), err(() => Object.fromEntries(['ab', 5]))];
r.emptyAndLength = [Object.fromEntries([]), Object.fromEntries.length];
return r;
