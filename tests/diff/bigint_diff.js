#!/usr/bin/env node
// Differential test of BigInt against Node.js: thousands of generated expressions (every operator on
// operands of mixed sizes and signs — single and multi-limb, powers of two and their neighbours —
// comparisons with BigInts, Numbers and strings, toString in every radix, BigInt.asIntN/asUintN,
// BigInt(string/number), Number(bigint), mixing errors) run in codemode and in Node.js; every result
// must match (values as strings, errors as "name: message").
//
//   node tests/diff/bigint_diff.js --codemode build/codemode [--seed N] [--batches N] [--per-batch N]
//                                  [--verbose]
//
// Deterministic for a given seed. Exit 0 when everything matches, 1 otherwise (the first mismatches are
// printed with the expression that produced them). Sizes stay far below the engine's 2^23-bit bound.
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const codemode = opt('--codemode');
if (!codemode) {
  console.error('usage: bigint_diff.js --codemode BIN [--seed N] [--batches N] [--per-batch N] [--verbose]');
  process.exit(2);
}
const verbose = args.includes('--verbose');
let seed = Number(opt('--seed', 20261130)) >>> 0;
const batches = Number(opt('--batches', 4));
const perBatch = Number(opt('--per-batch', 1200));

// xorshift32: the same cases on every run for a seed.
function rnd() {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
const pick = (a) => a[Math.floor(rnd() * a.length)];

// A random BigInt literal: small, 64-bit boundary, multi-limb, powers of two ± 1; either sign.
function big() {
  const r = rnd();
  let digits;
  if (r < 0.2) {
    digits = String(int(0, 1000));
  } else if (r < 0.35) {
    const k = pick([31, 32, 52, 53, 63, 64, 65, 127, 128, 129, 191, 192, 256, 511, 512]);
    let v = 2n ** BigInt(k);
    v += BigInt(int(-2, 2));
    digits = (v < 0n ? -v : v).toString();
  } else {
    const n = pick([int(1, 19), int(19, 40), int(40, 120), int(120, 400)]);
    digits = String(int(1, 9));
    for (let i = 1; i < n; i++) digits += String(int(0, 9));
  }
  const neg = rnd() < 0.4 && digits !== '0';
  const form = rnd();
  if (form < 0.15) {
    const v = BigInt(digits);
    return `${neg ? '-' : ''}0x${v.toString(16)}n`;
  }
  if (form < 0.2) return `${neg ? '-' : ''}0b${BigInt(digits).toString(2)}n`;
  if (form < 0.25) return `${neg ? '-' : ''}0o${BigInt(digits).toString(8)}n`;
  return `${neg ? '-' : ''}${digits}n`;
}
const small = () => `${pick(['', '-'])}${int(0, 300)}n`;
const num = () => pick(['0', '1', '-1', '0.5', '-2.5', '1e21', '2**53', '2**64', '-(2**63)', 'NaN', 'Infinity',
  '-Infinity', '-0', String(int(-1000, 1000)), String(rnd() * 1e6)]);
const str = () => JSON.stringify(pick(['', ' 12 ', '0x1F', '0b101', '0o17', '-42', '+7', '1.5', 'abc', '1n', '1_000',
  '\n\t99\u00a0', '-0x10', String(int(-1e6, 1e6)), '123456789012345678901234567890']));

function caseExpr() {
  switch (int(0, 15)) {
    case 0: case 1: case 2: {
      const op = pick(['+', '-', '*', '/', '%', '&', '|', '^']);
      return `${big()} ${op} (${big()})`;
    }
    case 3: return `(${big()}) ** ${pick(['0n', '1n', '2n', '3n', '7n', '13n', '-1n', String(int(0, 40)) + 'n'])}`;
    case 4: return `(${big()}) ${pick(['<<', '>>'])} ${pick(['', '-'])}${int(0, 200)}n`;
    case 5: return `${pick(['-', '~'])}(${big()})`;
    case 6: {
      const op = pick(['<', '<=', '>', '>=', '==', '!=', '===', '!==']);
      const other = pick([big, num, str, big])();
      return rnd() < 0.5 ? `(${big()}) ${op} (${other})` : `(${other}) ${op} (${big()})`;
    }
    case 7: return `(${big()}).toString(${int(2, 36)})`;
    case 8: return `BigInt.${pick(['asIntN', 'asUintN'])}(${pick([0, 1, 7, 8, 31, 32, 53, 63, 64, 65, 100, 128, 200, int(0, 300)])}, ${big()})`;
    case 9: return `BigInt(${pick([str, num, big])()})`;
    case 10: return `Number(${big()})`;
    case 11: return `(${big()}) ${pick(['+', '-', '*', '/', '%', '**', '>>>', '&'])} ${num()}`;
    case 12: return `[${big()}, ${small()}, ${big()}].sort()`;
    case 13: return `\`\${${big()}}\` + (${big()}) + ''`;
    case 14: return `(${big()}) / (${pick(['0n', small(), big()])})`;
    default: return `(${big()}) % (${pick(['0n', small(), big()])})`;
  }
}

function programFor(exprs) {
  return `const show = (v) => Array.isArray(v) ? v.map(show) : typeof v === 'bigint' ? v.toString() + 'n' : v;\n` +
    `const out = [];\n` + exprs.map((e) =>
    `try { out.push(show(${e})); } catch (e) { out.push(e.name + ': ' + e.message); }`).join('\n') +
    '\nreturn out;\n';
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bigint-diff-'));
let cases = 0, mismatches = 0;
for (let b = 0; b < batches; b++) {
  const exprs = [];
  for (let i = 0; i < perBatch; i++) exprs.push(caseExpr());
  const body = programFor(exprs);
  const file = path.join(tmp, `batch${b}.js`);
  fs.writeFileSync(file, body);
  const nodeRun = spawnSync(process.execPath, ['-e', `
    const AsyncFunction = (async () => {}).constructor;
    new AsyncFunction(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'))().then(
      (v) => process.stdout.write(JSON.stringify(v)), (e) => { console.error(e); process.exit(1); });`],
  { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (nodeRun.status !== 0) {
    console.error(`node failed on batch ${b}: ${nodeRun.stderr}`);
    process.exit(2);
  }
  const expected = JSON.parse(nodeRun.stdout);
  const run = spawnSync(codemode, ['run', file, '--max-output-bytes', '67108864'],
    { encoding: 'utf8', maxBuffer: 1 << 28 });
  let result;
  try {
    result = JSON.parse(run.stdout);
  } catch (e) {
    console.error(`codemode gave no Result on batch ${b} (exit ${run.status}): ${run.stderr.slice(0, 2000)}`);
    process.exit(1);
  }
  if (!result.ok) {
    console.error(`codemode failed on batch ${b}: ${JSON.stringify(result.error)}`);
    mismatches++;
    continue;
  }
  for (let i = 0; i < exprs.length; i++) {
    cases++;
    const x = JSON.stringify(result.value[i]), y = JSON.stringify(expected[i]);
    if (x !== y) {
      mismatches++;
      if (mismatches <= 40 || verbose) console.log(`MISMATCH ${exprs[i]}\n  codemode: ${x}\n  node:     ${y}`);
    }
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`bigint_diff: ${cases} cases in ${batches} batches, ${mismatches} mismatches`);
process.exit(mismatches === 0 ? 0 : 1);
