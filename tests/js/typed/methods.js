// %TypedArray%.prototype methods (ECMA-262 §23.2.3) and the statics from/of.
const show = (x) => (Object.is(x, -0) ? '-0' : Number.isNaN(x) ? 'NaN' : x);
const arr = (t) => Array.from(t, show);
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const t = new Int16Array([5, -3, 8, 0, 8, -7, 2]);
const f = new Float64Array([3.5, NaN, -0, 0, -Infinity, 1e-9, NaN, 2]);
return {
  at: [t.at(0), t.at(-1), t.at(7), t.at(-8), t.at('1'), t.at(1.7)],
  copyWithin: [arr(new Int8Array([1, 2, 3, 4, 5]).copyWithin(0, 3)), arr(new Int8Array([1, 2, 3, 4, 5]).copyWithin(1, 0, 3)),
    arr(new Int8Array([1, 2, 3, 4, 5]).copyWithin(-2, -4, -3))],
  every: [t.every((x) => x > -10), t.every((x, i, a) => a === t && i < 3)],
  some: [t.some((x) => x === 0), t.some((x) => x > 100)],
  fill: [arr(new Uint8Array(5).fill(300)), arr(new Uint8Array(5).fill(7, 1, -1)), arr(new Float32Array(3).fill(0.1)),
    arr(new Uint8ClampedArray(3).fill(-5, 2))],
  filter: arr(t.filter((x) => x > 0)),
  find: [t.find((x) => x < 0), t.findIndex((x) => x === 8), t.findLast((x) => x === 8), t.findLastIndex((x) => x === 8),
    t.find((x) => x > 99), t.findIndex((x) => x > 99), t.findLastIndex((x) => x > 99)],
  forEach: (() => { const seen = []; t.forEach(function (v, i) { seen.push(this.k + v * i); }, { k: 1 }); return seen; })(),
  includes: [t.includes(8), t.includes(8, 5), t.includes('8'), f.includes(NaN), f.includes(-0), t.includes(2, -1)],
  indexOf: [t.indexOf(8), t.indexOf(8, 3), t.indexOf(8, -3), f.indexOf(NaN), f.indexOf(0), t.indexOf(99)],
  lastIndexOf: [t.lastIndexOf(8), t.lastIndexOf(8, 3), t.lastIndexOf(8, -4), t.lastIndexOf(5, -8), f.lastIndexOf(-0)],
  join: [t.join(), t.join(' | '), f.join(), new Uint8Array(0).join('x'), new Float32Array([0.1, 1e21]).join(';')],
  map: [arr(t.map((x) => x * 1000)), arr(new Uint8Array([1, 2]).map((x) => x + 0.9))],
  reduce: [t.reduce((a, b) => a + b), t.reduce((a, b) => a + b, 100), t.reduceRight((a, b) => `${a}${b}`, ''),
    err(() => new Uint8Array(0).reduce((a, b) => a)), new Uint8Array(0).reduceRight((a, b) => a, 'init')],
  reverse: arr(new Uint16Array([1, 2, 3, 4]).reverse()),
  set: (() => {
    const a = new Uint8Array(6);
    a.set([1, 2, 300]);
    a.set(new Float32Array([4.7, -1]), 3);
    const overlap = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
    new Uint16Array(overlap.buffer, 2, 2).set(overlap.subarray(0, 2));
    return [arr(a), arr(overlap), err(() => a.set([1], 6)), err(() => a.set([1], -1)), err(() => a.set(new Uint8Array(7)))];
  })(),
  slice: [arr(t.slice(2)), arr(t.slice(-2)), arr(t.slice(1, -1)), arr(t.slice(5, 2)), t.slice(1).buffer === t.buffer],
  sort: [arr(new Float64Array([3, -1, NaN, -0, 0, -Infinity, 2]).sort()), arr(new Int32Array([10, 9, 1, 100]).sort()),
    arr(new Uint8Array([3, 1, 2]).sort((a, b) => b - a)), err(() => t.sort('x'))],
  subarray: (() => {
    const base = new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]);
    const s = base.subarray(2, 6);
    s[0] = 99;
    const s2 = s.subarray(-2);
    const wide = new Uint16Array(base.buffer, 2, 3).subarray(1);
    return [arr(s), base[2], s.byteOffset, s.length, s.buffer === base.buffer, arr(s2), s2.byteOffset, wide.byteOffset, wide.length,
      arr(base.subarray(5, 1))];
  })(),
  toLocaleString: [new Uint8Array([1, 2, 3]).toLocaleString(), new Float64Array([1.5, -2]).toLocaleString()],
  toReversed: (() => { const a = new Int8Array([1, 2, 3]); const r = a.toReversed(); return [arr(a), arr(r)]; })(),
  toSorted: (() => { const a = new Int8Array([3, 1, 2]); return [arr(a), arr(a.toSorted()), arr(a.toSorted((x, y) => y - x))]; })(),
  toString: [t.toString(), String(new Float32Array([1.5, 0.1])), `${new Uint8Array(0)}`,
    Object.getPrototypeOf(Int8Array.prototype).toString === Array.prototype.toString],
  with: [arr(t.with(0, 100)), arr(t.with(-1, 1.9)), err(() => t.with(7, 1)), err(() => t.with(-8, 1))],
  accessors: [t.length, t.byteLength, t.byteOffset, t.buffer.byteLength, new Float64Array(3).byteLength],
  statics: [arr(Int16Array.from([1, '2', 3.9])), arr(Uint8Array.from({ length: 2, 0: 9 })), arr(Float32Array.from([1, 2], (x, i) => x * 10 + i)),
    arr(Int8Array.of(1, 2, 300)), arr(Uint8Array.from(new Set([5, 6]))), err(() => Uint8Array.from.call({}, [])),
    err(() => Uint8Array.of.call(function () { return new Uint8Array(0); }, 1))],
  generic: [Array.prototype.map.call(new Uint8Array([1, 2]), (x) => x * 2), Array.prototype.join.call(new Int8Array([-1, 2]), '/'),
    [].concat(new Uint8Array([1])).length, Array.isArray(new Uint8Array(1))],
  receivers: [err(() => Uint8Array.prototype.map.call([1], (x) => x)), err(() => Int8Array.prototype.fill.call({}, 1)),
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'length').get.name,
    err(() => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'length').get.call([]))],
  species: (() => {
    class Mine extends Uint8Array {}
    const m = new Mine([1, 2, 3]);
    return [m.slice(1) instanceof Mine, m.subarray(1) instanceof Mine, m.filter(() => true) instanceof Mine,
      m.toReversed() instanceof Mine, m.with(0, 1) instanceof Mine];
  })(),
};
