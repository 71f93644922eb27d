// BigInt64Array / BigUint64Array and DataView's BigInt accessors behave as in Node.js.
const t = (f) => { try { return show(f()); } catch (e) { return `${e.name}: ${e.message}`; } };
function show(v) {
  if (typeof v === 'bigint') return `${v}n`;
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return `${Object.prototype.toString.call(v)} ${Array.from(v, show).join(',')}`;
  if (Array.isArray(v)) return v.map(show);
  return v;
}
const MAX64 = 2n ** 63n - 1n, MIN64 = -(2n ** 63n), UMAX = 2n ** 64n - 1n;
const out = {};
out.statics = [BigInt64Array.name, BigInt64Array.length, BigInt64Array.BYTES_PER_ELEMENT, BigUint64Array.BYTES_PER_ELEMENT,
  Object.getPrototypeOf(BigInt64Array) === Object.getPrototypeOf(Int8Array), BigInt64Array.prototype.BYTES_PER_ELEMENT,
  t(() => BigInt64Array(2)), typeof BigUint64Array];
const a = new BigInt64Array([1n, -2n, MAX64, MIN64]);
const u = new BigUint64Array([1n, UMAX, 0n, 2n ** 63n]);
out.values = [t(() => a), t(() => u), a.length, a.byteLength, u.byteOffset, a[0] === 1n, typeof a[1], a[4], a[-1]];
out.wrap = [t(() => new BigInt64Array([2n ** 63n, 2n ** 64n + 5n, -(2n ** 64n) - 1n, UMAX])), t(() => new BigUint64Array([-1n, -(2n ** 63n), 2n ** 70n + 3n]))];
out.conversions = [t(() => { const x = new BigInt64Array(1); x[0] = true; return x[0]; }), t(() => { const x = new BigInt64Array(1); x[0] = '0x10'; return x[0]; }),
  t(() => { const x = new BigInt64Array(1); x[0] = ' -42 '; return x[0]; }), t(() => { const x = new BigUint64Array(1); x[0] = { valueOf() { return -3n; } }; return x[0]; }),
  t(() => { const x = new BigInt64Array(1); x[0] = 1; }), t(() => { const x = new BigInt64Array(1); x[0] = 1.5; }), t(() => { const x = new BigInt64Array(1); x[0] = null; }),
  t(() => { const x = new BigInt64Array(1); x[0] = '1.5'; }), t(() => { const x = new BigInt64Array(1); x[0] = Symbol('k'); }),
  t(() => { const x = new BigInt64Array(1); x[3] = 1; }), t(() => { const x = new BigInt64Array(1); x[3] = 1n; return x.length; }),
  t(() => { const x = new BigInt64Array(1); x['1.5'] = 1n; return Object.keys(x); }), t(() => { const x = new BigInt64Array(1); x[0] = { valueOf() { return 7; } }; }),
  t(() => { const x = new BigInt64Array(1); return Reflect.set(x, 0, 9n) && x[0]; }), t(() => { const x = new BigInt64Array(1); Object.defineProperty(x, 0, { value: 4n }); return x[0]; }),
  t(() => { const x = new BigInt64Array(1); Object.defineProperty(x, 0, { value: 4 }); }), t(() => { const x = new BigInt64Array(2); [x[0], x[1]] = [5n, 6n]; return x; }),
  t(() => { const x = new BigInt64Array(1); x[0] += 2n; x[0]++; return x[0]; }), t(() => new BigInt64Array([1])), t(() => new BigInt64Array(['7', true]))];
out.mixing = [t(() => new BigInt64Array(new Int32Array(2))), t(() => new Float64Array(new BigUint64Array(2))), t(() => new BigInt64Array(new BigUint64Array([UMAX, 5n]))),
  t(() => new BigUint64Array(new BigInt64Array([-1n, -2n]))), t(() => new BigInt64Array(2).set(new Uint8Array(1))), t(() => new Uint8Array(2).set(new BigInt64Array(1))),
  t(() => { const x = new BigInt64Array(3); x.set(new BigUint64Array([UMAX]), 1); return x; }), t(() => { const x = new BigUint64Array(3); x.set([1n, 2n], 1); return x; }),
  t(() => { const x = new BigUint64Array(3); x.set([1, 2]); }), t(() => 1n + new BigInt64Array([2n])[0])];
const buf = new ArrayBuffer(32);
const view = new BigInt64Array(buf, 8, 2);
view[0] = -1n;
out.buffers = [t(() => new Uint8Array(buf)), t(() => new BigUint64Array(buf)), t(() => new BigInt64Array(buf, 4)), t(() => new BigInt64Array(new ArrayBuffer(12))),
  t(() => view.subarray(1)), view.subarray(1).byteOffset, t(() => new BigInt64Array(buf, 8, 4)), t(() => new BigInt64Array(new ArrayBuffer(16)).buffer.byteLength)];
const m = new BigInt64Array([5n, -3n, 10n, 0n, -3n, MAX64, MIN64]);
out.methods = [t(() => m.at(-1)), t(() => m.includes(-3n)), t(() => m.includes(-3)), t(() => m.indexOf(-3n)), t(() => m.lastIndexOf(-3n)), t(() => m.indexOf(2n ** 64n - 3n)),
  t(() => m.indexOf(MAX64)), t(() => m.includes(MIN64)), t(() => m.join('|')), t(() => m.toString()), t(() => String(u)), t(() => m.slice(1, 3)), t(() => m.map((x) => x * 2n)),
  t(() => m.map((x) => 1)), t(() => m.filter((x) => x > 0n)), t(() => m.reduce((s, x) => s + x)), t(() => m.reduceRight((s, x) => s + x, 0n)), t(() => m.find((x) => x < 0n)),
  t(() => m.findIndex((x) => x === 10n)), t(() => m.findLast((x) => x < 0n)), t(() => m.findLastIndex((x) => x < 0n)), t(() => m.every((x) => typeof x === 'bigint')),
  t(() => m.some((x) => x === 0n)), t(() => [...m.entries()].slice(0, 2)), t(() => [...m.keys()].length), t(() => [...m]), t(() => Array.from(m).length),
  t(() => m.toSorted()), t(() => u.toSorted()), t(() => m.toSorted((x, y) => (x < y ? 1 : x > y ? -1 : 0))), t(() => m.toReversed()), t(() => m.with(0, 99n)), t(() => m.with(0, 99)),
  t(() => m.with(9, 1n)), t(() => new BigInt64Array(3).fill(7n, 1)), t(() => new BigUint64Array(2).fill(-1n)), t(() => new BigInt64Array(2).fill(1)), t(() => new BigInt64Array(2).fill('12')),
  t(() => new BigInt64Array([1n, 2n, 3n, 4n]).copyWithin(0, 2)), t(() => new BigInt64Array([1n, 2n, 3n]).reverse()), t(() => new BigInt64Array([3n, -1n, 2n]).sort()),
  t(() => new BigUint64Array([3n, UMAX, 2n]).sort()), t(() => { let s = 0n; new BigInt64Array([1n, 2n]).forEach((x) => { s += x; }); return s; })];
out.statics2 = [t(() => BigInt64Array.from([1n, 2n])), t(() => BigInt64Array.from([1, 2])), t(() => BigUint64Array.from([1n, 2n], (x) => x * 3n)), t(() => BigInt64Array.of(4n, -5n)),
  t(() => BigInt64Array.of(4)), t(() => BigInt64Array.from({ length: 2, 0: 9n, 1: '3' })), t(() => BigInt64Array.from(new Set([8n])))];
class MyBig extends BigInt64Array { sum() { return this.reduce((s, x) => s + x, 0n); } }
class Species extends BigInt64Array { static get [Symbol.species]() { return Int32Array; } }
out.subclass = [t(() => new MyBig([1n, 2n]).sum()), t(() => new MyBig([1n, 2n]).map((x) => x) instanceof MyBig), t(() => new Species([1n]).map((x) => x)),
  t(() => new Species([1n]).slice()), t(() => new Species([1n]).filter(() => true)), t(() => new Species([]).slice()), t(() => new Species([1n]).subarray())];
const dv = new DataView(new ArrayBuffer(24));
dv.setBigInt64(0, -2n);
dv.setBigInt64(8, 0x0102030405060708n, true);
dv.setBigUint64(16, UMAX - 1n);
out.dataview = [t(() => dv.getBigInt64(0)), t(() => dv.getBigUint64(0)), t(() => dv.getBigInt64(0, true)), t(() => dv.getBigInt64(8, true)), t(() => dv.getBigInt64(8)),
  t(() => dv.getBigUint64(16)), t(() => dv.getBigInt64(16)), t(() => dv.getBigUint64(4)), t(() => Array.from(new Uint8Array(dv.buffer, 0, 16))),
  t(() => dv.getBigInt64(17)), t(() => dv.getBigInt64(-1)), t(() => dv.setBigInt64(0, 1)), t(() => dv.setBigUint64(0, 2n ** 64n + 9n) ?? dv.getBigUint64(0)),
  t(() => dv.setBigInt64(20, 1n)), t(() => dv.setBigInt64(0, '5') ?? dv.getBigInt64(0)), t(() => DataView.prototype.getBigInt64.call(new BigInt64Array(1), 0)),
  DataView.prototype.getBigInt64.length, DataView.prototype.setBigUint64.length, DataView.prototype.getBigUint64.name];
out.misc = [t(() => Object.prototype.toString.call(u)), t(() => u[Symbol.toStringTag]), t(() => JSON.stringify(new BigInt64Array(1))), t(() => Object.keys(new BigInt64Array(2))),
  t(() => Object.getOwnPropertyDescriptor(new BigInt64Array([3n]), 0).value), t(() => 0 in new BigInt64Array(1)), t(() => ArrayBuffer.isView(new BigUint64Array(0))),
  t(() => new BigInt64Array(2).toLocaleString()), t(() => new BigUint64Array([1234567n]).toLocaleString())];
return out;
