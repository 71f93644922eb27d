// Function.prototype.call/apply: this binding, argument lists from arrays/array-likes/arguments, errors.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const show = (function () {
  'use strict';
  return function show(...args) { return [this === undefined ? 'undef' : this === null ? 'null' : typeof this === 'object' ? this.tag : this, args]; };
})();
r.call = [show.call({ tag: 'T' }, 1, 2), show.call(), show.call(null, 'x'), show.call(5), show.call('s', undefined)];
r.apply = [show.apply({ tag: 'A' }, [1, 2]), show.apply(null), show.apply(undefined, undefined), show.apply(null, null),
  show.apply(null, { length: 2, 0: 'a', 1: 'b' }), show.apply(null, { length: 2 }), show.apply(null, 'ignored'.length ? [] : [1]),
  show.apply(null, [1, , 3]), show.apply(null, { length: '2', 0: 'x' }), show.apply(null, { 0: 'no length' })];
r.applyArguments = (function () { return show.apply(null, arguments); })(7, 8);
r.applyGetter = show.apply(null, { length: 2, get 0() { return 'g0'; }, get 1() { return 'g1'; } });
r.applyLengthObject = show.apply(null, { length: { valueOf() { return 1; } }, 0: 'v' });
function sloppy() { return this; }
r.sloppyThis = [sloppy.call(undefined) === globalThis, typeof sloppy.call(1), sloppy.call(1) instanceof Number];
r.mathMax = [Math.max.apply(null, [3, 9, 2]), Math.max.apply(Math, []), Math.min.call(null, 4, 1)];
const big = [];
for (let i = 0; i < 10000; i++) big.push(i);
r.bigApply = Math.max.apply(null, big);
r.methodBorrow = [Array.prototype.join.call({ length: 2, 0: 'p', 1: 'q' }, '+'), Object.prototype.toString.call([]),
  String.prototype.toUpperCase.call('abc'), Array.prototype.slice.apply('xyz', [1])];
r.nested = [Function.prototype.call.call(show, { tag: 'N' }, 1), Function.prototype.apply.call(show, { tag: 'M' }, [2]),
  show.call.call(show, { tag: 'CC' }, 3)];
r.errors = [err(() => Function.prototype.call.call(1)).split(':')[0], err(() => Function.prototype.apply.call({})).split(':')[0],
  err(() => show.apply(null, 1)), err(() => show.apply(null, 'str')), err(() => show.apply(null, true)),
  err(() => show.apply(null, Symbol())), err(() => show.apply(null, { get length() { throw new Error('len'); } }))];
r.tooMany = err(() => Math.max.apply(null, new Array(200000))).split(':')[0];
r.returnValue = [(() => 42).call(), ((a, b) => a + b).apply(null, [1, 2])];
r.arrowIgnoresThis = (function () { return (() => this.tag).call({ tag: 'other' }); }).call({ tag: 'lexical' });
r.lengths = [Function.prototype.call.length, Function.prototype.apply.length, Function.prototype.call.name, Function.prototype.apply.name];
return r;
