// Typed array constructors, element conversions and the integer-indexed exotic object semantics
// (ECMA-262 §23.2, §10.4.5): canonical numeric string keys, ignored out-of-range writes, no prototype
// lookups for numeric keys, Object.keys/JSON/spread/for-of/Array.from over typed arrays.
const show = (x) => (Object.is(x, -0) ? '-0' : Number.isNaN(x) ? 'NaN' : x);
const arr = (t) => Array.from(t, show);
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const kinds = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array];
const sample = [0, -0, 1, -1, 1.5, 2.5, -2.5, 127, 128, 255, 256, 257, -129, 65535, 65536, 2 ** 31, 2 ** 32 + 5,
  -(2 ** 31) - 1, 1e20, NaN, Infinity, -Infinity, 0.1, 16777217, 3.4028236e38];
const conversions = {};
for (const K of kinds) conversions[K.name] = arr(new K(sample));
const out = {
  conversions,
  names: kinds.map((K) => [K.name, K.length, K.BYTES_PER_ELEMENT, K.prototype.BYTES_PER_ELEMENT,
    Object.getPrototypeOf(K).name, Object.prototype.toString.call(new K(1))]),
  fromLength: arr(new Uint16Array(3)),
  fromIterable: arr(new Int8Array(new Set([1, 200, -3]))),
  fromArrayLike: arr(new Float32Array({ length: 3, 0: '1.5', 2: 7 })),
  fromTyped: arr(new Uint8ClampedArray(new Float64Array([-5, 300, 1.5, 2.5]))),
  fromGenerator: arr(new Int32Array((function* () { yield 1; yield 2; yield '3'; })())),
  fromValueOf: arr(new Uint8Array([{ valueOf() { return 7; } }, '9', true, null, undefined])),
  exotic: (() => {
    const t = new Uint8Array([10, 20, 30]);
    t[5] = 1;
    t['-0'] = 1;
    t['1.5'] = 1;
    t.foo = 'bar';
    t[-1] = 4;
    Object.prototype[7] = 'proto';
    const inherited = t[7];
    delete Object.prototype[7];
    return {
      values: arr(t), len: t.length, five: t[5], minusZero: t['-0'], frac: t['1.5'], foo: t.foo,
      inherited, has: [0 in t, 3 in t, '-0' in t, 'foo' in t, '1' in t],
      keys: Object.keys(t), entries: Object.entries(t), json: JSON.stringify(t),
      deleteIn: delete t[0], deleteOut: delete t[9], desc: Object.getOwnPropertyDescriptor(t, 1),
      defineOk: Reflect.defineProperty(t, 1, { value: 99 }),
      defineBad: Reflect.defineProperty(t, 1, { value: 1, writable: false }),
      defineOut: Reflect.defineProperty(t, 8, { value: 1 }),
      after: arr(t), ownNames: Object.getOwnPropertyNames(t),
    };
  })(),
  iteration: (() => {
    const t = new Int16Array([3, -4, 5]);
    const seen = [];
    for (const v of t) seen.push(v);
    return { seen, spread: [...t], from: Array.from(t), keys: [...t.keys()], entries: [...t.entries()],
      forIn: (() => { const k = []; for (const x in t) k.push(x); return k; })(),
      iterIsValues: t[Symbol.iterator] === t.values, tag: t[Symbol.toStringTag],
      tagOnProto: Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Int8Array.prototype), Symbol.toStringTag).get.call(3) };
  })(),
  strictWrites: (() => { 'use strict'; const t = new Uint8Array(2); t[5] = 1; t[0] = 300; return arr(t); })(),
  frozen: [err(() => Object.freeze(new Uint8Array(2))), Object.isFrozen(Object.freeze(new Uint8Array(0))),
    (() => { const t = Object.seal(new Uint8Array(2)); t[0] = 5; return [Object.isSealed(t), Object.isFrozen(t), t[0]]; })()],
  errors: [
    err(() => Uint8Array(2)), err(() => new Uint8Array(-1)), err(() => new Float64Array(2 ** 53)),
    err(() => new (Object.getPrototypeOf(Uint8Array))()), err(() => new Int8Array([Symbol()])),
    err(() => { const t = new Uint8Array(1); t[0] = Symbol(); }), err(() => new Uint8Array({ [Symbol.iterator]: 1 })),
  ],
  subclass: (() => {
    class Bytes extends Uint8Array { sum() { return this.reduce((a, b) => a + b, 0); } }
    const b = new Bytes([1, 2, 3]);
    const m = b.map((x) => x * 2);
    return [b.sum(), b instanceof Uint8Array, m instanceof Bytes, m.sum(), Bytes.from([4, 5]).sum(),
      Bytes.BYTES_PER_ELEMENT, b.constructor.name];
  })(),
};
return out;
