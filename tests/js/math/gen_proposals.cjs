#!/usr/bin/env node
// Writes sum_precise.json: runs sum_precise.js through the corpus oracle under Node 20 with exact
// reference implementations of Math.sumPrecise and Math.f16round (Node 20 has neither).
//   node tests/js/math/gen_proposals.cjs
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

// Exact reference: every finite double is m·2^e; sum as BigInt multiples of 2^-1074, round once.
const polyfill = `
if (!Math.sumPrecise) {
  const toUnits = (x) => {
    const b = new DataView(new ArrayBuffer(8)); b.setFloat64(0, x);
    const hi = b.getUint32(0), lo = b.getUint32(4);
    const exp = (hi >>> 20) & 0x7ff;
    let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
    if (exp !== 0) mant |= 1n << 52n;
    const v = mant << BigInt(exp === 0 ? 0 : exp - 1);
    return hi >>> 31 ? -v : v;
  };
  const fromUnits = (v) => {
    const neg = v < 0n; if (neg) v = -v;
    if (v === 0n) return 0;
    const bits = v.toString(2).length;
    let r;
    if (bits <= 53) r = Number(v) * 2 ** -1074;
    else {
      const shift = BigInt(bits - 53);
      let m = v >> shift; const rest = v - (m << shift); const half = 1n << (shift - 1n);
      if (rest > half || (rest === half && (m & 1n))) m += 1n;
      r = Number(m) * 2 ** (Number(shift) - 1074);
      if (!Number.isFinite(r) || Number(m) * 2 ** (Number(shift) - 1074 + 100) === Infinity) {
        r = Number(m) * 2 ** 100 * 2 ** (Number(shift) - 1074 - 100);
      }
    }
    return neg ? -r : r;
  };
  Object.defineProperty(Math, 'sumPrecise', { writable: true, configurable: true, value: function sumPrecise(items) {
    if (items === undefined || items === null) throw new TypeError('not iterable');
    let sum = 0n, allMinusZero = true, nan = false, pinf = false, ninf = false;
    for (const x of items) {
      if (typeof x !== 'number') throw new TypeError('not a number');
      if (Number.isNaN(x)) nan = true;
      else if (x === Infinity) pinf = true;
      else if (x === -Infinity) ninf = true;
      else { if (!Object.is(x, -0)) allMinusZero = false; sum += toUnits(x); }
    }
    if (nan || (pinf && ninf)) return NaN;
    if (pinf) return Infinity;
    if (ninf) return -Infinity;
    if (allMinusZero) return -0;
    return fromUnits(sum);
  } });
}
if (!Math.f16round) {
  Object.defineProperty(Math, 'f16round', { writable: true, configurable: true, value: function f16round(x) {
    x = +x;
    if (Number.isNaN(x) || !Number.isFinite(x) || x === 0) return x;
    const a = Math.abs(x);
    let e = Math.floor(Math.log2(a));
    if (2 ** e > a) e--;
    if (2 ** (e + 1) <= a) e++;
    const q = e < -14 ? -24 : e - 10;
    const scaled = a / 2 ** q;
    let n = Math.floor(scaled);
    const frac = scaled - n;
    if (frac > 0.5 || (frac === 0.5 && n % 2 === 1)) n++;
    let r = n * 2 ** q;
    if (r > 65504) r = Infinity;
    return x < 0 ? -r : r;
  } });
}
`;
const dir = __dirname;
const src = fs.readFileSync(path.join(dir, 'sum_precise.js'), 'utf8');
const tmp = path.join(os.tmpdir(), `sum_precise_${process.pid}.js`);
const nl = src.indexOf('\n');
fs.writeFileSync(tmp, src.slice(0, nl + 1) + polyfill + src.slice(nl + 1));
const oracle = path.join(dir, '..', '..', 'corpus', 'oracle.js');
const out = execFileSync('node', [oracle, tmp], { encoding: 'utf8' });
fs.unlinkSync(tmp);
fs.writeFileSync(path.join(dir, 'sum_precise.json'), out);
process.stdout.write(out);
