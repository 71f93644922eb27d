// concat (Symbol.isConcatSpreadable, holes, primitives), flat and flatMap (depth, holes, non-arrays).
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const holes = (a) => { const r = []; for (let i = 0; i < a.length; i++) r.push(i in a); return r; };
const r = {};
r.concat = [[1].concat([2, 3], 4, [[5]]), [].concat(), [1, 2].concat(), [1].concat('ab', null, undefined, true),
  [1].concat({ a: 1 }), ['a'].concat([], [[]])];
const ch = [1, , 3].concat([, 5]);
r.concatHoles = [ch.length, holes(ch)];
const trailing = new Array(3);
trailing[0] = 'a';
const ct = trailing.concat(['b']);
r.concatTrailingHoles = [ct.length, holes(ct), ct[3]];
const spreadObj = { length: 2, 0: 'x', 1: 'y', [Symbol.isConcatSpreadable]: true };
r.spreadable = [[0].concat(spreadObj), [0].concat({ length: 2, 0: 'x' })];
const noSpread = [7, 8];
noSpread[Symbol.isConcatSpreadable] = false;
const ns = [0].concat(noSpread);
r.notSpreadable = [ns.length, Array.isArray(ns[1]), ns[1][0]];
r.concatThisObject = Array.prototype.concat.call({ a: 1 }, [2]).map((v) => typeof v);
r.concatThisString = Array.prototype.concat.call('ab', 'c').map((v) => typeof v);
const orig = [1, 2];
const c = orig.concat([3]);
r.concatNew = [c !== orig, orig.length, c.length];
r.concatArgs = (function () { return [0].concat(arguments); })(1, 2).map((v) => typeof v);
r.flat = [[1, [2, [3, [4]]]].flat(), [1, [2, [3, [4]]]].flat(2), [1, [2, [3, [4]]]].flat(Infinity), [1, [2]].flat(0),
  [1, [2]].flat(-1), [[1], [2, 3]].flat('1'), [1, , [2, , 3]].flat(), [[]].flat(), [1, [2, [3]]].flat(undefined)];
r.flatHoles = holes([1, , [2, , 3]].flat());
r.flatArrayLike = [[{ length: 1, 0: 'x' }]].flat(2).map((v) => typeof v);
r.flatMap = [[1, 2, 3].flatMap((x) => [x, x * 2]), [1, 2].flatMap((x) => x), [1, 2].flatMap((x) => [[x]]),
  ['a b', 'c'].flatMap((s) => s.split(' ')), [1, , 3].flatMap((x) => [x]), [1].flatMap(function () { return [this.v]; }, { v: 'T' })];
const fmArgs = [];
[5, 6].flatMap((v, i, a) => { fmArgs.push([v, i, a.length]); return []; });
r.flatMapArgs = fmArgs;
r.errors = [err(() => [1].flatMap()), err(() => [1].flatMap(1)), err(() => Array.prototype.concat.call(null, 1)),
  err(() => Array.prototype.flat.call(undefined))];
r.generic = [Array.prototype.flat.call({ length: 2, 0: [1, 2], 1: 3 }), Array.prototype.flatMap.call({ length: 1, 0: 2 }, (x) => [x, x])];
const nested = [];
let cur = nested;
for (let i = 0; i < 50; i++) { const next = [i]; cur.push(next); cur = next; }
r.deep = nested.flat(Infinity).length;
r.lengths = [Array.prototype.concat.length, Array.prototype.flat.length, Array.prototype.flatMap.length];
return r;
