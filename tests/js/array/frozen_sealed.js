// Mutating frozen, sealed, non-extensible arrays and arrays with a non-writable length (always throws in
// array methods; plain assignment throws only in strict code).
const name = (f) => { try { f(); return 'no error'; } catch (e) { return e.name; } };
const r = {};
const frozen = Object.freeze([3, 1, 2]);
r.frozenMethods = ['push', 'pop', 'shift', 'unshift', 'reverse', 'sort', 'splice', 'fill', 'copyWithin'].map((m) => {
  const res = name(() => frozen[m](1, 0, 1));
  return `${m}:${res}`;
});
r.frozenUnchanged = [frozen.slice(), frozen.length];
r.frozenReads = [frozen.map((x) => x * 2), frozen.filter((x) => x > 1), frozen.indexOf(1), frozen.join('-'), frozen.toSorted(),
  frozen.toReversed(), frozen.with(0, 9), frozen.concat([4]), frozen.slice(1), frozen.at(-1), frozen.includes(2)];
r.frozenNoop = [name(() => Object.freeze([]).pop()), name(() => Object.freeze([1]).sort()), name(() => Object.freeze([]).push()),
  name(() => Object.freeze([]).fill(0)), name(() => Object.freeze([5]).reverse())];
r.strictAssign = (function () { 'use strict'; return [name(() => { frozen[0] = 9; }), name(() => { frozen.length = 0; }),
  name(() => { frozen[5] = 1; }), name(() => { delete frozen[0]; })]; })();
r.sloppyAssign = (function () { frozen[0] = 9; frozen[9] = 1; frozen.length = 0; return [frozen[0], frozen.length, 9 in frozen]; })();
const sealed = Object.seal([1, 2, 3]);
r.sealed = [name(() => sealed.push(4)), name(() => sealed.pop()), name(() => sealed.shift()), name(() => sealed.reverse()),
  name(() => sealed.fill(0)), name(() => sealed.sort((a, b) => b - a)), sealed.slice()];
const noExt = Object.preventExtensions([1, 2, 3]);
r.preventExtensions = [name(() => noExt.push(4)), noExt.pop(), noExt.slice(), name(() => noExt.unshift(0)), noExt.reverse(),
  name(() => noExt.splice(0, 1)), noExt.slice()];
const fixedLen = [1, 2, 3];
Object.defineProperty(fixedLen, 'length', { writable: false });
r.fixedLength = [name(() => fixedLen.push(4)), name(() => fixedLen.pop()), name(() => fixedLen.shift()), name(() => fixedLen.splice(0, 1)),
  fixedLen.slice(), fixedLen.reverse().slice(), fixedLen.fill(7).slice(), fixedLen.sort().slice()];
r.fixedLengthStrict = (function () { 'use strict'; return name(() => { fixedLen[3] = 1; }); })();
const partial = [1, 2, 3, 4];
Object.defineProperty(partial, 1, { value: 2, writable: false });
r.readOnlyElement = [name(() => partial.fill(0)), partial.slice(), name(() => partial.reverse()), partial.slice()];
r.frozenObjectLike = [name(() => Array.prototype.push.call(Object.freeze({ length: 0 }), 1)),
  name(() => Array.prototype.pop.call(Object.freeze({ length: 1, 0: 'x' })))];
return r;
