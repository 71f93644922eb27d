// The libm functions on values where correctly rounded results are unambiguous.
const S = (x) => Object.is(x, -0) ? "-0" : String(x);
const special = [0, -0, NaN, Infinity, -Infinity, 1, -1];
const fns = ["acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "exp", "expm1", "log", "log1p", "log10", "log2", "sin", "sinh", "tan", "tanh"];
const out = {};
for (const f of fns) out[f] = special.map((x) => S(Math[f](x)));
out.values = {
  sin: [Math.sin(Math.PI / 6), Math.sin(1), Math.sin(-2), Math.sin(1e-10)],
  cos: [Math.cos(Math.PI), Math.cos(1), Math.cos(0.5)],
  tan: [Math.tan(1), Math.tan(-0.5)],
  exp: [Math.exp(1), Math.exp(-1), Math.exp(10), Math.exp(709), Math.exp(710), Math.exp(-745), Math.exp(-746)],
  log: [Math.log(Math.E), Math.log(10), Math.log(0.5), Math.log(-1)],
  log2: [Math.log2(8), Math.log2(1024), Math.log2(3), Math.log2(2 ** -1074)],
  log10: [Math.log10(1000), Math.log10(1e-300), Math.log10(2)],
  log1p: [Math.log1p(1e-16), Math.log1p(-1), Math.log1p(-2)],
  expm1: [Math.expm1(1e-16), Math.expm1(1)],
  atan: [Math.atan(1), Math.atan(Infinity)],
  asin: [Math.asin(0.5), Math.asin(2)],
  acos: [Math.acos(0.5), Math.acos(-1)],
  hyper: [Math.sinh(1), Math.cosh(1), Math.tanh(0.5), Math.asinh(1), Math.acosh(2), Math.atanh(0.5), Math.tanh(100)],
  cbrt: [Math.cbrt(27), Math.cbrt(-8), Math.cbrt(2)],
  sqrt: [Math.sqrt(2), Math.sqrt(-1), Math.sqrt(1e-320)],
};
return out;
