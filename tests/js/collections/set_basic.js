// Set: constructor forms, add/has/delete/clear/size, keys === values, entries, SameValueZero, errors, subclassing via prototypes.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const s = new Set([3, 1, 3, 2, 1]);
r.basic = [s.size, [...s], s.has(1), s.has(4), s.add(4) === s, s.delete(3), s.delete(3), [...s]];
r.fromString = [...new Set('hello')];
r.sameValueZero = (() => { const t = new Set([NaN, 0 / 0, 0, -0, '0', null, undefined]); return [t.size, t.has(NaN), t.has(-0), Object.is([...t][1], 0)]; })();
r.methods = [Set.prototype.keys === Set.prototype.values, Set.prototype[Symbol.iterator] === Set.prototype.values, [...new Set([1, 2]).entries()], Set.prototype.add.length, Set.length, Object.getOwnPropertyNames(Set.prototype).slice(0, 10)];
r.errors = [err(() => Set()), err(() => new Set(5)), err(() => new Set(true)), err(() => Set.prototype.add.call(new Map(), 1)), err(() => new Set().forEach(null)), err(() => new Set({ [Symbol.iterator]: 5 })), err(() => new Set({ [Symbol.iterator]() { return 5; } })), err(() => new Set({ [Symbol.iterator]() { return { next() { return 1; } }; } }))];
r.customAdd = (() => {
  const calls = [];
  const orig = Set.prototype.add;
  Set.prototype.add = function (v) { calls.push(v); return orig.call(this, v * 2); };
  try { return [[...new Set([1, 2])], calls]; } finally { Set.prototype.add = orig; }
})();
r.customSet = (() => {
  const orig = Map.prototype.set;
  Map.prototype.set = function (k, v) { return orig.call(this, k, v + '!'); };
  try { return [...new Map([['a', 'b']])]; } finally { Map.prototype.set = orig; }
})();
r.badAdder = (() => { const orig = Set.prototype.add; Set.prototype.add = 5; try { return err(() => new Set([1])); } finally { Set.prototype.add = orig; } })();
r.iteratorClosed = (() => {
  let closed = false;
  const iterable = { [Symbol.iterator]() { let i = 0; return { next() { i++; return { value: i === 1 ? 1 : 'bad', done: i > 3 }; }, return() { closed = true; return {}; } }; } };
  const e = err(() => new Map(iterable));
  return [e, closed];
})();
r.emptyAfterThrow = (() => { let m; try { m = new Map([[1, 2], 3]); } catch (e) { return typeof m; } })();
r.proto = [Object.getPrototypeOf(new Set()) === Set.prototype, new Set() instanceof Set, Object.prototype.toString.call(new Set())];
r.subclassLike = (() => {
  function MySet(items) { const s = new Set(items); Object.setPrototypeOf(s, MySet.prototype); return s; }
  MySet.prototype = Object.create(Set.prototype);
  MySet.prototype.sum = function () { let t = 0; for (const v of this) t += v; return t; };
  const x = new MySet([1, 2, 3]);
  return [x.sum(), x.size, x instanceof Set];
})();
return r;
