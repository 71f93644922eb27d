// BigInt(), BigInt.asIntN/asUintN, BigInt.prototype.toString/valueOf/toLocaleString, wrappers, JSON,
// structuredClone.
const t = (f) => { try { const v = f(); return typeof v === 'bigint' ? `${v}n` : v; } catch (e) { return `${e.name}: ${e.message}`; } };
const s = (v) => (typeof v === 'bigint' ? `${v}n` : v);
return {
  ctor: [BigInt(42), BigInt(-0), BigInt(2 ** 60), BigInt(1e21), BigInt(Number.MAX_VALUE) % 1000n, BigInt('  123  '), BigInt('0x1f'), BigInt('0O17'), BigInt('0b11'), BigInt('-99'), BigInt('+7'), BigInt(''), BigInt('\n'), BigInt(true), BigInt(false), BigInt(7n), BigInt({ valueOf() { return 3; } }), BigInt({ toString() { return '0x10'; }, valueOf: undefined }), BigInt([]), BigInt(['12'])].map(s),
  ctorErrors: [t(() => BigInt(1.5)), t(() => BigInt(NaN)), t(() => BigInt(-Infinity)), t(() => BigInt('1.5')), t(() => BigInt('abc')), t(() => BigInt('-0x1')), t(() => BigInt('1n')), t(() => BigInt('1_0')), t(() => BigInt(undefined)), t(() => BigInt(null)), t(() => BigInt(Symbol('q'))), t(() => new BigInt(1)), t(() => BigInt({})), t(() => BigInt())],
  asN: [BigInt.asIntN(8, 255n), BigInt.asIntN(8, 128n), BigInt.asIntN(8, -129n), BigInt.asUintN(8, -1n), BigInt.asUintN(64, -1n), BigInt.asIntN(64, 2n ** 63n), BigInt.asIntN(0, 5n), BigInt.asUintN(0, -5n), BigInt.asIntN(200, -(2n ** 150n)), BigInt.asUintN(65, -(2n ** 64n)), BigInt.asIntN(1, -1n), BigInt.asUintN(2 ** 53 - 1, 12345n), BigInt.asIntN('8', '300'), BigInt.asUintN(8, true)].map(s),
  asNErrors: [t(() => BigInt.asIntN(-1, 1n)), t(() => BigInt.asIntN(2 ** 53, 1n)), t(() => BigInt.asUintN(8, 1)), t(() => BigInt.asUintN(8, 'x')), t(() => BigInt.asUintN(2 ** 40, -1n))],
  toString: [(255n).toString(16), (-255n).toString(2), (2n ** 100n).toString(36), (0n).toString(7), (123n).toString(), (10n).toString(undefined), t(() => (1n).toString(1)), t(() => (1n).toString(37)), t(() => BigInt.prototype.toString.call(1)), t(() => BigInt.prototype.valueOf.call('1')), String(BigInt.prototype.valueOf.call(Object(9n)))],
  wrappers: [typeof Object(1n), Object(1n) + 1n, Object.prototype.toString.call(1n), Object.prototype.toString.call(Object(2n)), Object(3n) instanceof BigInt, BigInt.prototype[Symbol.toStringTag], BigInt.name, BigInt.length, BigInt.asIntN.length, Object.getPrototypeOf(5n) === BigInt.prototype, (5n).constructor === BigInt].map(s),
  json: [t(() => JSON.stringify(1n)), t(() => JSON.stringify({ a: [2n] })), JSON.stringify({ a: 1n }, (k, v) => (typeof v === 'bigint' ? `${v}` : v))],
  numberConv: [Number(2n ** 53n + 1n), Number(-(2n ** 80n)), Number(2n ** 2000n), parseInt(99n), t(() => Math.max(1n)), t(() => isNaN(1n)), t(() => Number.isInteger(1n)), t(() => [1n].fill(0).length)],
};
