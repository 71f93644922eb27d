// Array constructor, Array.isArray, Array.of and Array.from (iterables, array-likes, mappers).
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const holes = (a) => { const r = []; for (let i = 0; i < a.length; i++) r.push(i in a); return r; };
const r = {};
r.empty = [Array().length, new Array().length];
r.n = [Array(3).length, holes(Array(3)), new Array(0).length];
r.one = [Array('3'), Array(true), Array(null), Array(undefined).length];
r.many = [Array(1, 2), new Array('a', 'b', 'c')];
r.bad = [err(() => new Array(-1)), err(() => Array(1.5)), err(() => Array(2 ** 32)), err(() => Array(NaN))];
r.max = Array(4294967295).length;
r.isArray = [Array.isArray([]), Array.isArray({ length: 0 }), Array.isArray('a'), Array.isArray(Array.prototype),
  Array.isArray(undefined), Array.isArray(new Array(2))];
r.of = [Array.of(), Array.of(7), Array.of(1, 'a', null), Object.keys(Array.of.call(Object, 1, 2)), Array.of.call(undefined, 5)];
r.fromString = Array.from('héllo');
r.fromSurrogates = Array.from('a\u{1F600}b').length;
r.fromArrayLike = Array.from({ length: 3, 0: 'x', 2: 'z' });
r.fromLength = Array.from({ length: 4 }, (_, i) => i * i);
r.fromMapper = Array.from([1, 2, 3], function (v, i) { return [v, i, this.k]; }, { k: 'this' });
r.fromSet = Array.from(new Set([3, 1, 3, 2]));
r.fromMap = Array.from(new Map([['a', 1], ['b', 2]]));
r.fromHoles = Array.from([1, , 3]);
r.fromHolesIn = holes(Array.from([1, , 3]));
const iterable = {
  [Symbol.iterator]() {
    let i = 0;
    return { next: () => (i < 3 ? { value: i++ * 10, done: false } : { value: 'ignored', done: true }) };
  },
};
r.fromIterable = Array.from(iterable);
let closed = 0;
const closing = {
  [Symbol.iterator]() {
    let i = 0;
    return { next: () => ({ value: i++, done: false }), return() { closed++; return {}; } };
  },
};
r.fromMapperThrows = err(() => Array.from(closing, (v) => { if (v === 2) throw new Error('stop'); return v; }));
r.closed = closed;
r.fromErrors = [err(() => Array.from(null)), err(() => Array.from(undefined)), err(() => Array.from([], 5)),
  err(() => Array.from({ [Symbol.iterator]: 1 })), err(() => Array.from({ [Symbol.iterator]: () => 1 })),
  err(() => Array.from({ [Symbol.iterator]: () => ({ next() { return 1; } }) }))];
r.fromNumber = Array.from(5);
r.fromNonConstructor = Array.from.call({}, [1, 2]);
r.fromObjectCtor = (() => { const o = Array.from.call(Object, { length: 2, 0: 'a', 1: 'b' }); return [Array.isArray(o), o.length, o[0]]; })();
r.props = [Array.length, Array.name, Array.from.length, Array.of.length, Array.isArray.length,
  Array.prototype.constructor === Array, Object.getOwnPropertyDescriptor(Array, 'prototype').writable];
r.species = Array[Symbol.species] === Array;
r.callNoNew = [Array(2, 3) instanceof Array, Object.getPrototypeOf(Array(1)) === Array.prototype];
return r;
