// forEach/map/filter/some/every/reduce/reduceRight: arguments, thisArg, holes, mutation during iteration, errors.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const holes = (a) => { const r = []; for (let i = 0; i < a.length; i++) r.push(i in a); return r; };
const r = {};
const calls = [];
[10, 20].forEach(function (v, i, arr) { calls.push([v, i, arr.length, this.tag]); }, { tag: 't' });
r.forEachArgs = calls;
r.forEachReturn = [1].forEach(() => 5);
const visited = [];
[1, , 3, undefined].forEach((v, i) => visited.push(i));
r.forEachSkipsHoles = visited;
r.map = [[1, 2, 3].map((x) => x * 2), [1, 2, 3].map((x, i, a) => a.length - i), ['1', '2', '3'].map(Number)];
const mapped = [1, , 3].map((x) => x * 10);
r.mapHoles = [mapped.length, holes(mapped), mapped[2]];
r.filter = [[1, 2, 3, 4, 5].filter((x) => x % 2), [1, , 3, undefined].filter(() => true).length, [0, '', null, 'a', 1].filter(Boolean)];
r.some = [[1, 2, 3].some((x) => x > 2), [1, 2, 3].some((x) => x > 5), [].some(() => true), [, , ].some(() => true)];
r.every = [[1, 2, 3].every((x) => x > 0), [1, 2, 3].every((x) => x > 1), [].every(() => false), [, , ].every(() => false)];
r.reduce = [[1, 2, 3, 4].reduce((a, b) => a + b), [1, 2, 3].reduce((a, b) => a + b, 10), [[1], [2, 3]].reduce((a, b) => a.concat(b), []),
  [5].reduce((a, b) => a + b), [].reduce((a, b) => a + b, 'init'), [, , 7, , ].reduce((a, b) => a + b)];
const redArgs = [];
['a', 'b', 'c'].reduce((acc, v, i, arr) => { redArgs.push([acc, v, i, arr.length]); return acc + v; });
r.reduceArgs = redArgs;
r.reduceRight = [[1, 2, 3].reduceRight((a, b) => a + '-' + b), ['a', 'b'].reduceRight((a, b) => a + b, '>'), [, 'x', , ].reduceRight((a, b) => a + b)];
const rrArgs = [];
[1, 2, 3].reduceRight((acc, v, i) => { rrArgs.push(i); return acc; }, 0);
r.reduceRightOrder = rrArgs;
r.reduceErrors = [err(() => [].reduce((a, b) => a)), err(() => [, , ].reduce((a, b) => a)), err(() => [].reduceRight((a, b) => a)),
  err(() => [1].reduce()), err(() => [1].reduce(null, 0))];
const grow = [1, 2, 3];
const growSeen = [];
grow.forEach((v) => { if (grow.length < 6) grow.push(v * 10); growSeen.push(v); });
r.mutatePushDuring = [growSeen, grow];
const shrink = [1, 2, 3, 4, 5];
const shrinkSeen = [];
shrink.forEach((v, i) => { if (i === 1) shrink.pop(); shrinkSeen.push(v); });
r.mutatePopDuring = shrinkSeen;
const del = [1, 2, 3, 4];
const delSeen = [];
del.forEach((v, i) => { if (i === 0) delete del[2]; delSeen.push(v); });
r.mutateDeleteDuring = delSeen;
const change = [1, 2, 3];
r.mutateChangeDuring = change.map((v, i) => { if (i === 0) change[2] = 30; return v; });
const shiftArr = [1, 2, 3, 4];
const shiftSeen = [];
shiftArr.forEach((v) => { shiftSeen.push(v); shiftArr.shift(); });
r.mutateShiftDuring = shiftSeen;
r.generic = [Array.prototype.map.call('abc', (c) => c.toUpperCase()), Array.prototype.filter.call({ length: 3, 0: 1, 1: 2, 2: 3 }, (x) => x > 1),
  Array.prototype.reduce.call('abc', (a, c) => c + a, ''), Array.prototype.some.call({ length: 1, 0: 'x' }, (v) => v === 'x')];
r.argumentsObj = (function () { return Array.prototype.map.call(arguments, (x) => x + 1); })(1, 2);
r.errors = [err(() => [1].forEach()), err(() => [1].map(null)), err(() => [1].filter('f')), err(() => [1].some({})),
  err(() => [1].every(1)), err(() => Array.prototype.map.call(null, (x) => x)), err(() => Array.prototype.forEach.call(undefined, (x) => x)),
  err(() => [].map([]))];
r.callbackCheckedAfterLength = (() => {
  let read = false;
  const o = { get length() { read = true; return 0; } };
  const e = err(() => Array.prototype.map.call(o, 1));
  return [read, e];
})();
r.throwInCallback = err(() => [1, 2].map((x) => { if (x === 2) throw new RangeError('cb'); return x; }));
r.thisUndefined = [1].map(function () { return this; })[0] === undefined;
r.lengths = ['forEach', 'map', 'filter', 'some', 'every', 'reduce', 'reduceRight'].map((m) => Array.prototype[m].length);
return r;
