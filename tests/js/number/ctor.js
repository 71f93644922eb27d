// Number(), new Number, constants and the statics.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const S = (x) => Object.is(x, -0) ? "-0" : String(x);
const inputs = ["0x10", "0X1f", "0o17", "0b101", "-0x10", "  12  ", "\n\t 1.5e3 \u00a0", "", " ", "1_000", "Infinity", "-Infinity", "+Infinity", "infinity", "1e1000", "-1e-400", ".5", "5.", "+.5", "-", "0x", "1e", "12px", "0.1e-2", "00012", "-0", "1e21", "0b2", "\u2003 7 \u3000"];
const w = new Number(42);
return {
  strings: inputs.map((s) => S(Number(s))),
  others: [Number(), Number(undefined), Number(null), Number(true), Number(false), Number([]), Number([5]), Number([1, 2]), Number({}), Number("  \u00a0 ")].map(S),
  objects: [Number({ valueOf() { return "7"; } }), Number({ toString() { return "0x20"; } }), Number({ [Symbol.toPrimitive]() { return 3; } })],
  symbol: t(() => Number(Symbol())),
  wrapper: [typeof w, w + 1, w.valueOf(), w instanceof Number, Object.prototype.toString.call(w)],
  constants: [Number.EPSILON === 2 ** -52, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, Number.MAX_VALUE, Number.MIN_VALUE, S(Number.NaN), S(Number.NEGATIVE_INFINITY), S(Number.POSITIVE_INFINITY)],
  constantDesc: Object.getOwnPropertyDescriptor(Number, "MAX_VALUE"),
  identity: [Number.parseFloat === parseFloat, Number.parseInt === parseInt, Number.length, Number.name, S(Number.prototype.valueOf())],
  isFinite: [Number.isFinite(1), Number.isFinite("1"), Number.isFinite(Infinity), Number.isFinite(NaN), isFinite("1")],
  isInteger: [Number.isInteger(5), Number.isInteger(5.0), Number.isInteger(5.5), Number.isInteger("5"), Number.isInteger(Infinity), Number.isInteger(-0), Number.isInteger(2 ** 60)],
  isNaN: [Number.isNaN(NaN), Number.isNaN("NaN"), Number.isNaN(undefined), Number.isNaN(0 / 0)],
  isSafeInteger: [Number.isSafeInteger(2 ** 53 - 1), Number.isSafeInteger(2 ** 53), Number.isSafeInteger(-(2 ** 53 - 1)), Number.isSafeInteger(1.5), Number.isSafeInteger("1")],
  errors: [t(() => Number.prototype.valueOf.call("1")), t(() => Number.prototype.toString.call({})), t(() => Number.prototype.toFixed.call(null))],
  wrapperThis: [Number.prototype.toFixed.call(new Number(1.25), 1), Number.prototype.toString.call(Object(255), 16)],
};
