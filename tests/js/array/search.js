// indexOf, lastIndexOf, includes and find* : equality rules (NaN, -0), fromIndex clamping, holes, generic this.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const a = [1, 2, 3, 2, 1, NaN, -0, '2', null, undefined];
r.indexOf = [a.indexOf(2), a.indexOf(2, 2), a.indexOf(2, -7), a.indexOf(2, 100), a.indexOf(2, -100), a.indexOf(NaN),
  a.indexOf(0), a.indexOf(-0), a.indexOf('2'), a.indexOf(null), a.indexOf(undefined), a.indexOf(7), a.indexOf(1, Infinity),
  a.indexOf(1, -Infinity), a.indexOf(1, '1'), a.indexOf(2, 1.9)];
r.lastIndexOf = [a.lastIndexOf(2), a.lastIndexOf(2, 2), a.lastIndexOf(2, -8), a.lastIndexOf(2, 100), a.lastIndexOf(2, -100),
  a.lastIndexOf(NaN), a.lastIndexOf(1, -Infinity), a.lastIndexOf(1, Infinity), a.lastIndexOf(1, undefined), a.lastIndexOf(1, 0),
  a.lastIndexOf(1, -1)];
r.includes = [a.includes(2), a.includes(NaN), a.includes(0), a.includes(-0), a.includes('2'), a.includes(undefined),
  a.includes(1, 5), a.includes(1, -6), a.includes(1, Infinity), a.includes(1, -Infinity), [].includes(undefined)];
const h = [1, , 3];
r.holes = [h.indexOf(undefined), h.includes(undefined), h.lastIndexOf(undefined), new Array(3).includes(undefined),
  new Array(3).indexOf(undefined), [1, 2, , ].includes(undefined), [1, 2, , ].length];
r.generic = [Array.prototype.indexOf.call('hello', 'l'), Array.prototype.lastIndexOf.call('hello', 'l'),
  Array.prototype.includes.call({ length: 2, 0: 'a', 1: 'b' }, 'b'), Array.prototype.indexOf.call({ length: 3, 2: 'x' }, 'x'),
  Array.prototype.includes.call({ length: 3 }, undefined), Array.prototype.indexOf.call({ length: 3 }, undefined)];
const objs = [{ id: 1 }, { id: 2 }];
r.objects = [objs.indexOf(objs[1]), objs.indexOf({ id: 2 }), objs.includes(objs[0])];
r.find = [a.find((v) => v > 1), a.findIndex((v) => v > 1), a.findLast((v) => v === 2), a.findLastIndex((v) => v === 2),
  a.find((v) => v > 100), a.findIndex((v) => v > 100), a.findLast((v) => v > 100), a.findLastIndex((v) => v > 100)];
const visited = [];
[1, , 3].find((v, i) => { visited.push([v, i]); return false; });
r.findVisitsHoles = visited;
const visitedLast = [];
[1, , 3].findLastIndex((v, i, arr) => { visitedLast.push([v, i, arr.length]); return false; });
r.findLastVisits = visitedLast;
r.findThis = [1, 2, 3].find(function (v) { return v === this.want; }, { want: 3 });
const grow = [1, 2, 3];
const seen = [];
grow.find((v, i) => { if (i === 0) grow.push(4); seen.push(v); return false; });
r.findGrow = seen;
r.findGeneric = Array.prototype.find.call({ length: 2, 0: 'a', 1: 'bb' }, (s) => s.length === 2);
r.fromIndexObj = a.indexOf(2, { valueOf() { return 2; } });
r.errors = [err(() => Array.prototype.indexOf.call(null, 1)), err(() => Array.prototype.includes.call(undefined)),
  err(() => [1].find(5)), err(() => [1].findLast({})), err(() => Array.prototype.findIndex.call(null, () => 1))];
r.lengths = [Array.prototype.indexOf.length, Array.prototype.lastIndexOf.length, Array.prototype.includes.length,
  Array.prototype.find.length, Array.prototype.findLastIndex.length];
return r;
