#!/usr/bin/env node
// Differential test of binary data against Node.js: thousands of generated cases — element conversions
// of every typed array type (ToInt8 … ToUint8Clamp, Float32 rounding, strings, -0, NaN, huge values),
// conversions between element types through set/constructor, default sort, DataView reads and writes of
// every type in both byte orders with out-of-range offsets, TextEncoder.encode/encodeInto of strings with
// lone surrogates, and TextDecoder over random and near-UTF-8 bytes (invalid sequences, truncated ones,
// BOMs; fatal on and off, ignoreBOM, streamed in random chunks; utf-16le and windows-1252), and the
// BigInt element types (BigInt64Array/BigUint64Array stores, wrapping, conversions and their TypeErrors,
// reinterpreted buffers, sort/indexOf/includes, DataView get/setBig(U)Int64 in both byte orders) — run in
// codemode and in Node.js's main realm; every result must match.
//
//   node tests/diff/typed_diff.js --codemode build/codemode [--seed N] [--count N] [--verbose]
//
// Deterministic for a given seed. Exit 0 when everything matches, 1 otherwise (the first mismatches are
// printed with the expression that produced them).
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
  console.error('usage: typed_diff.js --codemode BIN [--seed N] [--count N] [--verbose]');
  process.exit(2);
}
const verbose = args.includes('--verbose');
let seed = Number(opt('--seed', 20261130)) >>> 0;
const perBatch = Number(opt('--count', 800));

// xorshift32: the same cases on every run for a seed.
function rnd() {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
const pick = (a) => a[Math.floor(rnd() * a.length)];

const KINDS = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
  'Uint32Array', 'Float32Array', 'Float64Array'];
const DV_TYPES = [['Int8', 1], ['Uint8', 1], ['Int16', 2], ['Uint16', 2], ['Int32', 4], ['Uint32', 4],
  ['Float32', 4], ['Float64', 8]];

// A number (as source text) likely to hit conversion edges.
function numberText() {
  switch (int(0, 9)) {
    case 0: return String(int(-300, 300));
    case 1: return String(int(-70000, 70000));
    case 2: return String(int(-5e9, 5e9));
    case 3: return (rnd() * 600 - 300).toFixed(int(0, 3));
    case 4: return pick(['0.5', '1.5', '2.5', '-0.5', '-1.5', '254.5', '255.5', '127.5', '-128.5', '-0', '0',
      'NaN', 'Infinity', '-Infinity', '1e20', '-1e20', '2**31', '2**32', '2**32+1', '-(2**31)-1', '2**53',
      '3.4028235677973366e38', '3.4028236e38', '1.401298464324817e-45', '7e-46', '5e-324', '65535.9',
      '0.1', '1/3', '16777217', '2**24+1', '-(2**63)', '2**64']);
    case 5: return JSON.stringify(pick(['12', ' 7 ', '0x1f', '0b101', '', 'abc', '1e3', '-0', '\t-5\n', '3.9']));
    case 6: return pick(['null', 'undefined', 'true', 'false', '[]', '[9]', '[1,2]', '({valueOf() { return 42.7; }})']);
    case 7: return String(rnd() * 2 ** int(0, 70) * (rnd() < 0.5 ? -1 : 1));
    case 8: return String(int(-129, 129) + pick([0, 0.25, 0.5, 0.75]));
    default: return String(Math.fround(rnd() * 1e6) / 7);
  }
}

// Shows -0 and NaN distinctly (a Result turns NaN into null and -0 into 0).
const SHOW = 'const show = (x) => Object.is(x, -0) ? "-0" : Number.isNaN(x) ? "NaN" : x;';

function conversionCase() {
  const kind = pick(KINDS);
  const vals = [];
  for (let i = 0; i < 6; i++) vals.push(numberText());
  const how = int(0, 3);
  if (how === 0) return `(() => { const t = new ${kind}(6); ${vals.map((v, i) => `t[${i}] = ${v};`).join(' ')} return Array.from(t, show); })()`;
  if (how === 1) return `Array.from(new ${kind}([${vals.join(', ')}]), show)`;
  if (how === 2) return `Array.from(${kind}.of(${vals.join(', ')}), show)`;
  return `Array.from(new ${kind}(6).fill(${vals[0]}, ${int(-3, 3)}), show)`;
}

function crossTypeCase() {
  const from = pick(KINDS), to = pick(KINDS);
  const vals = [];
  for (let i = 0; i < 5; i++) vals.push(numberText());
  switch (int(0, 3)) {
    case 0: return `Array.from(new ${to}(new ${from}([${vals.join(', ')}])), show)`;
    case 1: return `(() => { const t = new ${to}(7); t.set(new ${from}([${vals.join(', ')}]), ${int(0, 2)}); return Array.from(t, show); })()`;
    case 2: return `(() => { const b = new ${from}([${vals.join(', ')}, 3, 4, 5]); const t = new ${to}(b.buffer, 0, Math.floor(b.byteLength / ${to}.BYTES_PER_ELEMENT)); return Array.from(t, show); })()`;
    default: return `Array.from(new ${from}([${vals.join(', ')}, NaN, -0, 0]).sort(), show)`;
  }
}

function dataViewCase() {
  const size = int(4, 16);
  const bytes = [];
  for (let i = 0; i < size; i++) bytes.push(int(0, 255));
  const [type, width] = pick(DV_TYPES);
  const off = int(-1, size - width + 1);
  const le = pick(['true', 'false', 'undefined', '1', '0']);
  const viewOff = int(0, 2);
  const setup = `const dv = new DataView(new Uint8Array([${bytes.join(',')}]).buffer, ${viewOff});`;
  if (rnd() < 0.5) return `(() => { ${setup} return show(dv.get${type}(${off}, ${le})); })()`;
  return `(() => { ${setup} dv.set${type}(${off}, ${numberText()}, ${le}); return Array.from(new Uint8Array(dv.buffer)); })()`;
}

// Bytes that are mostly UTF-8 with edge cases: lone continuation bytes, truncated sequences, overlongs,
// surrogates, > U+10FFFF, BOMs.
function byteList() {
  const out = [];
  const n = int(0, 14);
  for (let i = 0; i < n; i++) {
    switch (int(0, 9)) {
      case 0: out.push(int(0x20, 0x7e)); break;
      case 1: out.push(int(0x80, 0xbf)); break;
      case 2: out.push(int(0xc0, 0xff)); break;
      case 3: out.push(0xef, 0xbb, 0xbf); break;
      case 4: out.push(...pick([[0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0xed, 0xa0, 0x80],
        [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xf4, 0x90, 0x80, 0x80], [0xf0, 0x90], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80],
        [0xff, 0xfe], [0xfe, 0xff], [0xdf, 0xbf], [0xee, 0x80, 0x80], [0xf3, 0xbf, 0xbf, 0xbf]])); break;
      case 5: out.push(int(0, 255)); break;
      case 6: out.push(0); break;
      case 7: out.push(0xd8 + int(0, 7), int(0, 255)); break;
      default: out.push(int(0x61, 0x7a));
    }
  }
  return out;
}
const CODES = 'const codes = (s) => Array.from(s, (c) => c.codePointAt(0).toString(16)).join(" ");';

function decoderCase() {
  const bytes = byteList();
  const label = pick(['"utf-8"', '"utf-8"', '"utf-8"', '"utf8"', '" UTF-8 "', '"utf-16le"', '"latin1"', '"windows-1252"', '"ascii"', 'undefined']);
  const fatal = rnd() < 0.5;
  const ignoreBOM = rnd() < 0.3;
  const opts = `{ fatal: ${fatal}, ignoreBOM: ${ignoreBOM} }`;
  if (rnd() < 0.5) {
    return `(() => { try { return codes(new TextDecoder(${label}, ${opts}).decode(new Uint8Array([${bytes.join(',')}]))); } catch (e) { return e.name + ': ' + e.message; } })()`;
  }
  // Streamed in chunks, then flushed.
  const chunks = [];
  let i = 0;
  while (i < bytes.length) {
    const k = int(1, 4);
    chunks.push(bytes.slice(i, i + k));
    i += k;
  }
  const calls = chunks.map((c) => `out.push(codes(d.decode(new Uint8Array([${c.join(',')}]), { stream: true })));`).join(' ');
  return `(() => { const d = new TextDecoder(${label}, ${opts}); const out = []; try { ${calls} out.push(codes(d.decode())); } catch (e) { out.push(e.name + ': ' + e.message); } return out; })()`;
}

function stringText() {
  const parts = [];
  const n = int(0, 8);
  for (let i = 0; i < n; i++) {
    parts.push(pick(['a', 'Z', '\\u00e9', '\\u20ac', '\\ud83d\\ude00', '\\ud800', '\\udc00', '\\u0000', '\\uffff', '\\u07ff', '\\u0800', '\\ud7ff', '\\ue000']));
  }
  return `"${parts.join('')}"`;
}

function encoderCase() {
  const s = stringText();
  if (rnd() < 0.5) return `Array.from(new TextEncoder().encode(${s}))`;
  const n = int(0, 10);
  return `(() => { const d = new Uint8Array(${n}); const r = new TextEncoder().encodeInto(${s}, d); return [r.read, r.written, Array.from(d)]; })()`;
}

const BIG_KINDS = ['BigInt64Array', 'BigUint64Array'];
// A value (as source text) for a BigInt element store: mostly BigInts near the 64-bit edges, sometimes
// something ToBigInt converts (strings, booleans, objects) or rejects (Numbers, undefined, bad strings).
function bigText() {
  switch (int(0, 7)) {
    case 0: return `${int(-300, 300)}n`;
    case 1: return pick(['2n ** 63n', '2n ** 63n - 1n', '-(2n ** 63n)', '-(2n ** 63n) - 1n', '2n ** 64n', '2n ** 64n - 1n',
      '2n ** 64n + 1n', '-(2n ** 64n)', '2n ** 100n + 7n', '-1n', '0n', '-0n', '2n ** 32n', '-(2n ** 31n)']);
    case 2: return `${(rnd() < 0.5 ? '-' : '')}${Math.floor(rnd() * 2 ** 53)}${Math.floor(rnd() * 1e6)}n`;
    case 3: return `0x${Math.floor(rnd() * 2 ** 32).toString(16)}${Math.floor(rnd() * 2 ** 32).toString(16).padStart(8, '0')}n`;
    case 4: return JSON.stringify(pick(['12', ' -7 ', '0x1f', '0b101', '', '1.5', 'abc', '18446744073709551615', '-9223372036854775809', '1e3']));
    case 5: return pick(['true', 'false', '({ valueOf() { return 5n; } })', '({ toString() { return "77"; } })', '[]', '[3n]']);
    case 6: return pick(['1', '0', '-1.5', 'NaN', 'undefined', 'null', 'Symbol("s")', '({ valueOf() { return 5; } })']);
    default: return `BigInt(${int(-1e6, 1e6)}) * (${int(-1e6, 1e6)}n) ** ${int(1, 3)}n`;
  }
}
const BIGSHOW = 'const bshow = (x) => typeof x === "bigint" ? `${x}n` : x;';

function bigintCase() {
  const kind = pick(BIG_KINDS), other = pick(BIG_KINDS);
  const vals = [];
  for (let i = 0; i < 4; i++) vals.push(bigText());
  switch (int(0, 8)) {
    case 0: return `(() => { const t = new ${kind}(4); ${vals.map((v, i) => `t[${i}] = ${v};`).join(' ')} return Array.from(t, bshow); })()`;
    case 1: return `Array.from(new ${kind}([${vals.join(', ')}]), bshow)`;
    case 2: return `Array.from(${kind}.of(${vals.join(', ')}).fill(${bigText()}, ${int(-3, 3)}), bshow)`;
    case 3: return `Array.from(new ${other}(new ${kind}([${vals.join(', ')}])), bshow)`;
    case 4: {
      const bytes = [];
      for (let i = 0; i < 16; i++) bytes.push(int(0, 255));
      return `Array.from(new ${kind}(new Uint8Array([${bytes.join(',')}]).buffer), bshow)`;
    }
    case 5: return `Array.from(new ${kind}([${vals.join(', ')}]).sort(), bshow)`;
    case 6: {
      const probe = bigText();
      return `(() => { const t = new ${kind}([${vals.join(', ')}]); const p = ${probe}; return [t.indexOf(p), t.lastIndexOf(p), t.includes(p), t.join()]; })()`;
    }
    case 7: return `Array.from(new ${pick(KINDS)}(new ${kind}([${vals.join(', ')}]).buffer, 0, 4), show)`;
    default: {
      const size = int(8, 20);
      const bytes = [];
      for (let i = 0; i < size; i++) bytes.push(int(0, 255));
      const type = pick(['BigInt64', 'BigUint64']);
      const off = int(-1, size - 7);
      const le = pick(['true', 'false', 'undefined', '1', '0']);
      const setup = `const dv = new DataView(new Uint8Array([${bytes.join(',')}]).buffer, ${int(0, 1)});`;
      if (rnd() < 0.5) return `(() => { ${setup} return bshow(dv.get${type}(${off}, ${le})); })()`;
      return `(() => { ${setup} dv.set${type}(${off}, ${bigText()}, ${le}); return Array.from(new Uint8Array(dv.buffer)); })()`;
    }
  }
}

function programFor(exprs) {
  return `${SHOW}\n${BIGSHOW}\n${CODES}\nconst out = [];\n` + exprs.map((e) =>
    `try { out.push(${e}); } catch (e) { out.push('threw ' + e.name + ': ' + e.message); }`).join('\n') + '\nreturn out;\n';
}

const BATCHES = [
  ['conversions', conversionCase],
  ['cross-type', crossTypeCase],
  ['dataview', dataViewCase],
  ['decoder', decoderCase],
  ['encoder', encoderCase],
  ['bigint', bigintCase],
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'typed-diff-'));
let cases = 0, mismatches = 0;
for (const [name, gen] of BATCHES) {
  const exprs = [];
  for (let i = 0; i < perBatch; i++) exprs.push(gen());
  const file = path.join(tmp, `${name}.js`);
  fs.writeFileSync(file, programFor(exprs));
  const nodeRun = spawnSync(process.execPath, ['-e', `
    const AsyncFunction = (async () => {}).constructor;
    new AsyncFunction(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'))().then(
      (v) => process.stdout.write(JSON.stringify(v)), (e) => { console.error(e); process.exit(1); });`],
  { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (nodeRun.status !== 0) {
    console.error(`node failed on ${name}: ${nodeRun.stderr}`);
    process.exit(2);
  }
  const expected = JSON.parse(nodeRun.stdout);
  const run = spawnSync(codemode, ['run', file, '--max-output-bytes', '67108864'],
    { encoding: 'utf8', maxBuffer: 1 << 28 });
  let result;
  try {
    result = JSON.parse(run.stdout);
  } catch (e) {
    console.error(`codemode gave no Result for ${name} (exit ${run.status}): ${run.stderr.slice(0, 2000)}`);
    process.exit(1);
  }
  if (!result.ok) {
    console.error(`codemode failed on ${name}: ${JSON.stringify(result.error)}`);
    mismatches++;
    continue;
  }
  for (let i = 0; i < exprs.length; i++) {
    cases++;
    const a = JSON.stringify(result.value[i]), b = JSON.stringify(expected[i]);
    if (a !== b) {
      mismatches++;
      if (mismatches <= 40 || verbose) console.log(`MISMATCH [${name}] ${exprs[i]}\n  codemode: ${a}\n  node:     ${b}`);
    }
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`typed_diff: ${cases} cases, ${mismatches} mismatches`);
process.exit(mismatches === 0 ? 0 : 1);
