// Map: constructor forms, get/set/has/delete/clear/size, SameValueZero keys, insertion order, iteration, errors.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const m = new Map([['a', 1], ['b', 2]]);
r.basic = [m.size, m.get('a'), m.get('zz'), m.has('b'), m.has('zz'), m.set('c', 3) === m, m.size, m.delete('a'), m.delete('a'), m.size];
r.entries = [...m];
r.keys = [...m.keys()];
r.values = [...m.values()];
r.entriesMethod = [...m.entries()];
const k = new Map();
const obj = {};
const fn = () => 1;
k.set(NaN, 'nan').set(0, 'zero').set('0', 'string zero').set(obj, 'obj').set(fn, 'fn').set(null, 'null').set(undefined, 'undef').set(true, 'true').set('', 'empty');
r.sameValueZero = [k.get(NaN), k.get(0 / 0), k.get(-0), k.get(0), k.get('0'), k.get(obj), k.get({}), k.get(fn), k.get(null), k.get(undefined), k.get(true), k.get(''), k.size];
k.set(-0, 'negzero');
r.negZeroKey = [k.get(0), Object.is([...k.keys()][1], 0), k.size];
const sym = Symbol('s');
r.symbolKey = new Map([[sym, 1]]).get(sym);
const order = new Map([[3, 'c'], [1, 'a'], [2, 'b']]);
order.set(1, 'A');
order.delete(3);
order.set(3, 'C');
r.order = [...order];
r.clear = (() => { const c = new Map([[1, 1], [2, 2]]); c.clear(); return [c.size, [...c], c.get(1)]; })();
r.fromIterables = [
  [...new Map(new Map([[1, 2]]))],
  [...new Map([[1, 2]].values())],
  [...new Map([{ 0: 'x', 1: 'y' }, ['short'], [1, 2, 3]])],
  [...new Map(Object.entries({ a: 1, b: 2 }))],
  new Map(null).size, new Map(undefined).size, new Map().size,
];
r.holesInArray = [...new Map([[1, 2], , [3, 4]].filter(Boolean))];
r.errors = [
  err(() => Map()),
  err(() => new Map([1])),
  err(() => new Map(['ab'])),
  err(() => new Map([undefined])),
  err(() => new Map(5)),
  err(() => new Map({})),
  err(() => Map.prototype.get.call({}, 1)),
  err(() => Map.prototype.set.call([], 1, 2)),
  err(() => Map.prototype.has.call(new Set(), 1)),
  err(() => Object.getOwnPropertyDescriptor(Map.prototype, 'size').get.call(new Set())),
  err(() => new Map().forEach(5)),
  err(() => new Map().forEach('abc')),
  err(() => new Map().forEach()),
  err(() => new Map().entries().next.call({})),
  err(() => new Map([[1, 2]][Symbol.iterator]().next())),
];
r.iteratorProtocol = (() => { const it = new Map([[1, 'a']]).entries(); return [it.next(), it.next(), it.next(), Object.prototype.toString.call(it), it[Symbol.iterator]() === it, typeof it.next]; })();
r.meta = [Map.length, Map.name, Map.prototype.set.length, Map.prototype.get.name, Map.prototype[Symbol.iterator] === Map.prototype.entries, Map.prototype[Symbol.toStringTag], Object.prototype.toString.call(new Map()), Object.getOwnPropertyNames(Map.prototype), Map[Symbol.species] === Map, typeof Object.getOwnPropertyDescriptor(Map.prototype, 'size').get];
r.json = [JSON.stringify(new Map([[1, 2]])), Object.keys(new Map([[1, 2]]))];
return r;
