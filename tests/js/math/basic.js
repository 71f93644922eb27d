// Rounding, sign, abs, min/max and the other exact functions (no libm rounding involved).
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const S = (x) => Object.is(x, -0) ? "-0" : String(x);
const xs = [0, -0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 4503599627370495.5, -4503599627370497, 1e300, -1e-300, NaN, Infinity, -Infinity, 3.7, -3.7];
const fns = ["abs", "ceil", "floor", "round", "trunc", "sign", "fround", "sqrt"];
const out = {};
for (const f of fns) out[f] = xs.map((x) => S(Math[f](x)));
// cbrt: exact on cubes; elsewhere V8 (fdlibm) and a correctly rounded cbrt may differ in the last bit.
out.cbrt = [27, -8, 64, 0.125, 1e9, 0, -0, NaN, Infinity, -Infinity].map((x) => S(Math.cbrt(x)));
out.cbrtClose = [2, 2.5, 3.7, 1e-300, -1e300].map((x) => Math.abs(Math.cbrt(x) ** 3 / x - 1) < 1e-15);
out.clz32 = [0, 1, -1, 2 ** 31, 2 ** 32, 0.5, NaN, Infinity, 65535, "8", -0].map((x) => Math.clz32(x));
out.imul = [[2, 3], [-1, 8], [0xffffffff, 5], [2 ** 31, 2], [1.9, 2.9], [NaN, 1], ["3", "4"], [65536, 65536]].map(([a, b]) => S(Math.imul(a, b)));
out.max = [Math.max(), Math.max(1, 3, 2), Math.max(-0, 0), Math.max(0, -0), Math.max(1, NaN, 3), Math.max("10", 9), Math.max(-Infinity, -1e308), Math.max([1], [2])].map(S);
out.min = [Math.min(), Math.min(1, 3, 2), Math.min(-0, 0), Math.min(0, -0), Math.min(1, NaN, 3), Math.min("10", 9), Math.min(undefined), Math.min(null, 1)].map(S);
out.pow = [[2, 10], [2, -1], [-8, 1 / 3], [1, Infinity], [1, NaN], [NaN, 0], [0, -1], [-0, -1], [-0, -2], [-2, 0.5], [Infinity, -1], [-Infinity, 3], [10, 308], [10, 309], [0.5, 1074], [-1, -Infinity]].map(([a, b]) => S(Math.pow(a, b)));
out.hypot = [Math.hypot(), Math.hypot(3, 4), Math.hypot(-3), Math.hypot(3, 4, 12), Math.hypot(NaN, Infinity), Math.hypot(NaN, 1), Math.hypot(-0, -0), Math.hypot(1e200, 1e200), Math.hypot(1e-200, 1e-200), Math.hypot(1, 2, 3, 4, 5), Math.hypot(0.1, 0.2), Math.hypot("3", [4])].map(S);
out.atan2 = [[0, 0], [-0, 0], [0, -0], [-0, -0], [1, 0], [0, -1], [-0, -1], [Infinity, Infinity], [-Infinity, -Infinity], [1, 1], [NaN, 1]].map(([a, b]) => S(Math.atan2(a, b)));
out.fround = [1.1, 16777217, 3.4028235677973366e38, 3.4028236e38, 1e-46, 1.401298464324817e-45, -1e-46].map((x) => S(Math.fround(x)));
out.constants = [Math.E, Math.LN10, Math.LN2, Math.LOG10E, Math.LOG2E, Math.PI, Math.SQRT1_2, Math.SQRT2];
out.desc = Object.getOwnPropertyDescriptor(Math, "PI");
out.tag = [Object.prototype.toString.call(Math), Math[Symbol.toStringTag]];
out.lengths = [Math.max.length, Math.min.length, Math.hypot.length, Math.atan2.length, Math.abs.length, Math.random.length, Math.abs.name];
out.objects = [Math.abs({ valueOf() { return -5; } }), Math.floor("7.8"), Math.round([2.5]), S(Math.ceil(null)), S(Math.abs(undefined)), Math.abs(true)];
out.errors = [t(() => Math.abs(Symbol())), t(() => Math.max(1, Symbol()))];
out.noCtor = [(() => { try { new Math.abs(1); return "constructed"; } catch (e) { return e.name; } })(), typeof Math];
return out;
