// Shared helpers for the vm_support test-data generators (seeded, so regenerating is reproducible).
'use strict';

// splitmix64-style PRNG over BigInt; deterministic for a given seed.
class Rng {
  constructor(seed) { this.state = BigInt.asUintN(64, BigInt(seed)); }
  next64() {
    this.state = BigInt.asUintN(64, this.state + 0x9e3779b97f4a7c15n);
    let z = this.state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return z ^ (z >> 31n);
  }
  // Uniform integer in [0, n).
  int(n) { return Number(this.next64() % BigInt(n)); }
  pick(array) { return array[this.int(array.length)]; }
  bool() { return this.int(2) === 1; }
}

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

function doubleToHex(x) { f64[0] = x; return u64[0].toString(16).padStart(16, '0'); }
function hexToDouble(h) { u64[0] = BigInt('0x' + h); return f64[0]; }

// A UTF-16 string as 4 hex digits per code unit (lone surrogates survive; '' stays '').
function strToHex(s) {
  let out = '';
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i).toString(16).padStart(4, '0');
  return out;
}

// Doubles from several distributions: raw bit patterns, integers, short decimals, powers and their
// neighbours, tiny and huge magnitudes, and the special values.
function randomDouble(rng) {
  switch (rng.int(10)) {
    case 0: {  // Any bit pattern but NaN payloads (collapse to one NaN).
      const x = hexToDouble(rng.next64().toString(16));
      return Number.isNaN(x) ? NaN : x;
    }
    case 1: return (rng.bool() ? -1 : 1) * rng.int(1000);
    case 2: return (rng.bool() ? -1 : 1) * rng.int(2 ** 31) * 2 ** rng.int(40);
    case 3: return (rng.bool() ? -1 : 1) * rng.int(1000000) / 10 ** rng.int(12);
    case 4: return (rng.bool() ? -1 : 1) * rng.int(2 ** 30) / 2 ** rng.int(60);
    case 5: {
      const p = 2 ** (rng.int(2000) - 1000);
      const u = rng.int(3);
      return u === 0 ? p : u === 1 ? p * (1 + 2 ** -52) : p * (1 - 2 ** -53);
    }
    case 6: return rng.pick([0, -0, NaN, Infinity, -Infinity, 0.5, -0.5, 1.5, 2.5, 1e21, 1e-7,
                             Number.MAX_VALUE, Number.MIN_VALUE, Number.EPSILON, 2 ** 53, 2 ** 31,
                             -(2 ** 31), 2 ** 32, 0.1, 0.2, 0.30000000000000004, 123.456, 1e300]);
    case 7: return (rng.bool() ? -1 : 1) * Number('0.' + String(rng.next64()).slice(0, 1 + rng.int(17)));
    case 8: return (rng.bool() ? -1 : 1) * (rng.int(10000) + 0.5) / 10 ** rng.int(6);
    default: {  // Random mantissa, exponent within 2^-30 .. 2^70.
      const exponent = BigInt(1023 - 30 + rng.int(100));
      const bits = (BigInt(rng.int(2)) << 63n) | (exponent << 52n) | (rng.next64() & ((1n << 52n) - 1n));
      return hexToDouble(bits.toString(16));
    }
  }
}

module.exports = { Rng, doubleToHex, hexToDouble, strToHex, randomDouble };

// A UTF-16 string with printable ASCII (except '\') kept and every other code unit as \uXXXX, so
// lines stay short and lone surrogates survive.
function strEsc(s) {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += c > 0x20 && c < 0x7f && c !== 0x5c ? s[i] : '\\u' + c.toString(16).padStart(4, '0');
  }
  return out;
}
module.exports.strEsc = strEsc;
