// Generates numconv.txt: Node's answers for Number <-> string conversions and numeric operators.
// Run: node tests/vm_support/data/gen_numconv.js > tests/vm_support/data/numconv.txt
// Line format (tab-separated): op, inputs..., expected. Doubles are 16 hex digits of their bits,
// strings keep printable ASCII except '\' and write other code units as \uXXXX, 'u' is undefined,
// '!msg' is a thrown RangeError's message.
'use strict';
const { Rng, doubleToHex: h, hexToDouble, strEsc: sh, randomDouble } = require('./gen_common.js');

const rng = new Rng(20240601);
const out = [];
const emit = (...fields) => out.push(fields.join('\t'));
const attempt = (f) => { try { return f(); } catch (e) { return '!' + e.message; } };

const kWhite = ['\t', '\v', '\f', ' ', '\u00a0', '\ufeff', '\u1680', '\u2000', '\u2005', '\u200a',
                '\u202f', '\u205f', '\u3000', '\n', '\r', '\u2028', '\u2029'];
const kNotWhite = ['\u180e', '\u200b', '\u0085', '\u2060', 'x', '_', '\0'];

// Exact decimal expansion of the midpoint between a positive finite double and the next one up.
function midpointDecimal(x) {
  f64[0] = x;
  const bits = u64[0];
  const biased = Number((bits >> 52n) & 0x7ffn);
  let m = bits & ((1n << 52n) - 1n);
  let e;
  if (biased === 0) { e = -1074; } else { m |= 1n << 52n; e = biased - 1075; }
  const num = 2n * m + 1n;  // midpoint = num * 2^(e-1)
  const e2 = e - 1;
  if (e2 >= 0) return (num << BigInt(e2)).toString();
  const scaled = (num * 5n ** BigInt(-e2)).toString().padStart(-e2 + 1, '0');
  const point = scaled.length + e2;
  return scaled.slice(0, point) + '.' + scaled.slice(point);
}
const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

function randomDigits(n, alphabet = '0123456789') {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[rng.int(alphabet.length)];
  return s;
}

function randomNumericString() {
  switch (rng.int(12)) {
    case 0: return String(randomDouble(rng));
    case 1: return randomDigits(1 + rng.int(8), '0123456789.eE+-xXoObB_ aAfFIn');
    case 2: return '0x' + randomDigits(1 + rng.int(24), '0123456789abcdefABCDEF');
    case 3: return '0' + rng.pick(['o', 'O']) + randomDigits(1 + rng.int(30), '01234567');
    case 4: return '0' + rng.pick(['b', 'B']) + randomDigits(1 + rng.int(80), '01');
    case 5: {
      let s = String(randomDouble(rng));
      for (let i = rng.int(3); i > 0; i--) s = rng.pick(kWhite) + s;
      for (let i = rng.int(3); i > 0; i--) s = s + rng.pick(kWhite);
      if (rng.int(4) === 0) s = rng.bool() ? rng.pick(kNotWhite) + s : s + rng.pick(kNotWhite);
      return s;
    }
    case 6: {
      const x = Math.abs(randomDouble(rng));
      if (!Number.isFinite(x) || x === 0) return '1';
      let s = midpointDecimal(x);
      if (rng.int(3) === 0) s += '0000000000000000000000001';
      return (rng.bool() ? '-' : '') + s;
    }
    case 7: return rng.pick(['Infinity', '+Infinity', '-Infinity', 'infinity', 'INFINITY', 'Infinityx',
                             '-0', '+0', '.', '+', '-', '', ' ', 'e5', '.e5', '5.', '.5', '+.5', '-.5e-3',
                             '1e', '1e+', '1e-', '1_000', '0x', '-0x10', '+0x10', '0x1g', '0b2', '0o8',
                             '00012', '0.0e0', '1E400', '-1e-400', '1e-99999999999', '1e99999999999',
                             'NaN', '12abc', '0X1F', '0B11', '0O17', '1.2.3', '--1', '+-1', '1 2']);
    case 8: return randomDigits(1 + rng.int(40)) + (rng.bool() ? '.' + randomDigits(rng.int(40)) : '') +
                   (rng.bool() ? 'e' + rng.pick(['', '+', '-']) + randomDigits(1 + rng.int(3)) : '');
    case 9: return '0'.repeat(rng.int(rng.int(8) === 0 ? 900 : 30)) + randomDigits(1 + rng.int(rng.int(8) === 0 ? 900 : 60)) + '.' + randomDigits(rng.int(50));
    case 10: return '0.' + '0'.repeat(300 + rng.int(30)) + randomDigits(1 + rng.int(30));
    default: return (rng.bool() ? '-' : '+') + randomDigits(1 + rng.int(20)) + 'e' + (rng.bool() ? '-' : '') + randomDigits(1 + rng.int(3));
  }
}

// Number::toString and Number.prototype.toString(radix).
for (let i = 0; i < 6000; i++) {
  const x = randomDouble(rng);
  emit('tostring', h(x), String(x));
}
for (let i = -1100; i <= 1100; i++) emit('tostring', h(i), String(i));
for (const x of [2147483647, 2147483648, -2147483648, -2147483649, 4294967295, 1e21, 1e-7, 1.5e-7,
                 123456789012345680000, 1e20, 9007199254740993, 0.000001, 1e-6 * 0.9]) {
  emit('tostring', h(x), String(x));
}
for (let i = 0; i < 8000; i++) {
  let x = randomDouble(rng);
  // Keep the file small: huge or tiny magnitudes in radix 2 print 1000+ digits, so scale most down.
  if (rng.int(8) !== 0 && Number.isFinite(x) && (Math.abs(x) > 1e40 || (x !== 0 && Math.abs(x) < 1e-20))) {
    x = x / 2 ** Math.round(Math.log2(Math.abs(x)) - rng.int(80) + 20);
  }
  const radix = rng.int(5) === 0 ? rng.pick([2, 8, 16, 36, 3, 7]) : 2 + rng.int(35);
  emit('radix', h(x), h(radix), x.toString(radix));
}
for (const radix of [1, 37, 0, -1, NaN, Infinity, 2.9, 36.9, 10.5]) {
  emit('radix', h(255.5), h(radix), attempt(() => (255.5).toString(radix)));
}

// toFixed / toExponential / toPrecision.
const digitArgs = (lo, hi) => rng.int(20) === 0
    ? rng.pick([-1, 101, 100.9, -0.5, NaN, Infinity, -Infinity, 1e10, lo, hi])
    : lo + rng.int(hi - lo + 1);
for (let i = 0; i < 5000; i++) {
  let x = randomDouble(rng);
  if (rng.int(3) !== 0 && Math.abs(x) > 1e22) x = x / 1e280;
  const d = digitArgs(0, rng.int(3) === 0 ? 100 : 20);
  emit('fixed', h(x), h(d), attempt(() => x.toFixed(d)));
}
for (let i = 0; i < 5000; i++) {
  const x = randomDouble(rng);
  const d = rng.int(6) === 0 ? undefined : digitArgs(0, rng.int(3) === 0 ? 100 : 20);
  emit('exponential', h(x), d === undefined ? 'u' : h(d), attempt(() => x.toExponential(d)));
}
for (let i = 0; i < 5000; i++) {
  const x = randomDouble(rng);
  const p = rng.int(6) === 0 ? undefined : digitArgs(1, rng.int(3) === 0 ? 100 : 21);
  emit('precision', h(x), p === undefined ? 'u' : h(p), attempt(() => x.toPrecision(p)));
}
for (const [x, d] of [[1.005, 2], [1.25, 1], [1.35, 1], [0.5, 0], [2.5, 0], [-0.0000001, 2], [-0, 2],
                      [1e21, 2], [999.995, 2], [0.000001, 100], [5e-324, 100], [-1.5, 0]]) {
  emit('fixed', h(x), h(d), x.toFixed(d));
  emit('exponential', h(x), h(Math.min(d, 20)), x.toExponential(Math.min(d, 20)));
  emit('precision', h(x), h(Math.max(d, 1)), x.toPrecision(Math.max(d, 1)));
}

// StringToNumber, parseFloat, parseInt.
for (let i = 0; i < 8000; i++) {
  const s = randomNumericString();
  emit('number', sh(s), h(Number(s)), h(parseFloat(s)));
}
const radixArgs = [undefined, 0, 10, 16, 2, 8, 36, 1, 37, -1, 2.5, 4294967306, -4294967286, NaN, 1e10];
for (let i = 0; i < 8000; i++) {
  let s;
  let radix = rng.int(3) === 0 ? rng.pick(radixArgs) : 2 + rng.int(35);
  switch (rng.int(5)) {
    case 0: s = randomNumericString(); break;
    case 1: {
      const r = typeof radix === 'number' && radix >= 2 && radix <= 36 ? Math.floor(radix) : 10;
      s = randomDigits(1 + rng.int(rng.int(4) === 0 ? 300 : 40), '0123456789abcdefghijklmnopqrstuvwxyz'.slice(0, r) + 'A');
      break;
    }
    case 2: s = rng.pick(['', '-', '+']) + rng.pick(['0x', '0X', '']) + randomDigits(1 + rng.int(30), '0123456789abcdefABCDEFxg'); break;
    case 3: s = rng.pick(kWhite) + rng.pick(['-', '+', '']) + randomDigits(1 + rng.int(25)) + rng.pick(['', 'e5', '.5', ' 1']); break;
    default: s = '0'.repeat(rng.int(rng.int(8) === 0 ? 1000 : 30)) + randomDigits(1 + rng.int(rng.int(8) === 0 ? 800 : 40)); radix = rng.pick([undefined, 10, 0]); break;
  }
  emit('parseint', sh(s), radix === undefined ? 'u' : h(radix), h(parseInt(s, radix)));
}

// ToInt32 / ToUint32 / ToUint16, ToIntegerOrInfinity, Math.round, %, ** (ToLength: C++ examples).
for (let i = 0; i < 4000; i++) {
  let x = randomDouble(rng);
  if (rng.bool()) x = x * 2 ** rng.int(40);
  emit('int32', h(x), String(x | 0), String(x >>> 0), String(String.fromCharCode(x).charCodeAt(0)));
  emit('round', h(x), h(Math.round(x)));
  const trunc = Math.trunc(x);
  emit('integer', h(x), h(Number.isNaN(x) ? 0 : trunc === 0 ? 0 : trunc));
}
for (let i = 0; i < 4000; i++) {
  const a = randomDouble(rng);
  let b = randomDouble(rng);
  if (rng.bool()) b = Math.trunc(b % 1000) || 3;
  emit('rem', h(a), h(b), h(a % b));
}
const powSpecials = [0, -0, 1, -1, 0.5, -0.5, 2, -2, 3, -3, NaN, Infinity, -Infinity, 1 / 3, 1e-300, 1e300];
for (const a of powSpecials) for (const b of powSpecials) emit('pow', h(a), h(b), h(a ** b));
for (let i = 0; i < 2000; i++) {
  const a = rng.bool() ? rng.int(100) - 50 : randomDouble(rng);
  const b = rng.bool() ? rng.int(60) - 30 : rng.int(4) === 0 ? randomDouble(rng) : (rng.int(2000) - 1000) / 8;
  emit('pow', h(a), h(b), h(a ** b));
}
for (const x of [0.49999999999999994, -0.49999999999999994, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 4503599627370495.5,
                 -4503599627370495.5, 4503599627370497, -0, 5e-324, -5e-324]) {
  emit('round', h(x), h(Math.round(x)));
}

process.stdout.write(out.join('\n') + '\n');
