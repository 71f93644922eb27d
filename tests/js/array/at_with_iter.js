// at, with, keys/values/entries iterators, Symbol.iterator, unscopables and method metadata.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const a = ['a', 'b', 'c'];
r.at = [a.at(0), a.at(-1), a.at(-3), a.at(3), a.at(-4), a.at(1.7), a.at('1'), a.at(), a.at(NaN), [1, , 3].at(1),
  Array.prototype.at.call('xyz', -1), Array.prototype.at.call({ length: 2, 1: 'q' }, -1)];
r.with = [a.with(0, 'A'), a.with(-1, 'C'), a, [1, , 3].with(0, 0), Array.prototype.with.call({ length: 2, 0: 'x' }, 1, 'y')];
r.withErrors = [err(() => a.with(3, 'x')), err(() => a.with(-4, 'x')), err(() => a.with(2.5, 'x')), err(() => [].with(0, 1))];
r.keys = [...['x', 'y'].keys()];
r.values = [...['x', 'y'].values()];
r.entries = [...['x', 'y'].entries()];
r.holeIter = [[...[1, , 3].keys()], [...[1, , 3].values()], [...[1, , 3].entries()]];
r.iteratorIsValues = [Array.prototype[Symbol.iterator] === Array.prototype.values, Array.prototype.values.name];
const it = [1, 2][Symbol.iterator]();
r.manualIter = [it.next(), it.next(), it.next(), it.next()];
r.iterTag = [Object.prototype.toString.call([].values()), typeof it[Symbol.iterator], it[Symbol.iterator]() === it];
const live = [1, 2];
const liveSeen = [];
for (const v of live) { liveSeen.push(v); if (live.length < 4) live.push(v * 10); }
r.liveIteration = liveSeen;
r.genericIter = [...Array.prototype.values.call({ length: 2, 0: 'g', 1: 'h' })];
r.stringIter = [...Array.prototype.entries.call('ab')];
r.iterErrors = [err(() => Array.prototype.values.call(null)), err(() => Array.prototype.keys.call(undefined))];
const unscopables = Array.prototype[Symbol.unscopables];
r.unscopables = [Object.getPrototypeOf(unscopables), Object.keys(unscopables), Object.getOwnPropertyDescriptor(Array.prototype, Symbol.unscopables).writable];
const protoNames = Object.getOwnPropertyNames(Array.prototype).filter((n) => n !== 'length' && n !== 'constructor').sort();
r.protoNames = protoNames;
r.metadata = protoNames.map((n) => {
  const d = Object.getOwnPropertyDescriptor(Array.prototype, n);
  return `${n}:${d.value.length}:${d.value.name}:${d.enumerable}${d.writable}${d.configurable}`;
});
r.notConstructors = [err(() => new Array.prototype.map(() => 1)), err(() => new Array.prototype.push())].map((s) => s.split(':')[0]);
r.protoIsArray = [Array.isArray(Array.prototype), Array.prototype.length];
return r;
