#!/usr/bin/env node
// Differential test of Date against Node.js: thousands of generated inputs (parsing, the string forms,
// local getters and setters across DST transitions, constructors from fields, toLocale*String with
// options) run in codemode (`--time-zone Z`) and in Node.js (TZ=Z), per zone; every result must match.
//
//   node tests/diff/date_diff.js --codemode build/codemode [--seed N] [--per-zone N] [--verbose]
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
  console.error('usage: date_diff.js --codemode BIN [--seed N] [--per-zone N] [--verbose]');
  process.exit(2);
}
const verbose = args.includes('--verbose');
let seed = Number(opt('--seed', 20240305)) >>> 0;
const perZone = Number(opt('--per-zone', 700));

// xorshift32: the same cases on every run for a seed.
function rnd() {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
const pick = (a) => a[Math.floor(rnd() * a.length)];
const pad = (n, w) => String(Math.abs(n)).padStart(w, '0');

const ZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kolkata', 'Australia/Sydney',
  'Europe/Dublin', 'America/Sao_Paulo', 'America/St_Johns', 'Asia/Kathmandu', 'Pacific/Chatham',
  'America/Los_Angeles', 'Europe/London'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
  'October', 'November', 'December'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

// A time value: mostly recent years, sometimes history and the extremes; often near DST transitions
// (spring and autumn Sundays of the northern and southern hemispheres).
function timeValue() {
  const r = rnd();
  if (r < 0.05) return pick([0, -1, 8.64e15, -8.64e15, 1e12, -62198755200000, 253402300800000, -1e14]);
  if (r < 0.45) {
    const y = int(1990, 2035);
    const m = pick([2, 3, 9, 10]);  // March/April, October/November
    return Date.UTC(y, m, int(1, 30), int(0, 23), pick([0, 30, 59, int(0, 59)]), int(0, 59), int(0, 999));
  }
  if (r < 0.8) return Date.UTC(int(1970, 2040), int(0, 11), int(1, 28), int(0, 23), int(0, 59), int(0, 59), int(0, 999));
  return Date.UTC(int(1600, 2200), int(0, 11), int(1, 28), int(0, 23), int(0, 59), int(0, 59));
}

function isoString() {
  const y = rnd() < 0.9 ? pad(int(1900, 2100), 4) : pick(['+', '-']) + pad(int(0, 275761), 6);
  let s = y;
  const parts = int(0, 2);
  if (parts >= 1) s += '-' + pad(int(0, 13), 2);
  if (parts >= 2) s += '-' + pad(int(0, 32), 2);
  if (parts === 2 && rnd() < 0.7) {
    s += pick(['T', 'T', 't', ' ']) + pad(int(0, 25), 2) + ':' + pad(int(0, 60), 2);
    if (rnd() < 0.6) s += ':' + pad(int(0, 60), 2);
    if (rnd() < 0.3) s += '.' + String(int(0, 999999)).slice(0, int(1, 6));
    const z = rnd();
    if (z < 0.3) s += pick(['Z', 'z']);
    else if (z < 0.5) s += pick(['+', '-']) + pad(int(0, 24), 2) + pick([':', '']) + pad(int(0, 60), 2);
  }
  return s;
}

function legacyString() {
  const y = pick([int(1950, 2050), int(0, 99), int(1000, 3000)]);
  const m = int(0, 11), d = int(1, 31);
  const time = () => {
    let t = int(0, 23) + ':' + pad(int(0, 59), 2);
    if (rnd() < 0.5) t += ':' + pad(int(0, 59), 2);
    if (rnd() < 0.2) t += '.' + int(0, 999);
    if (rnd() < 0.2) t = int(1, 12) + ':' + pad(int(0, 59), 2) + ' ' + pick(['AM', 'PM', 'am', 'pm']);
    return t;
  };
  const zone = () => pick(['', '', ' GMT', ' UTC', ' Z', ' EST', ' PDT', ' CDT', ' GMT+0100', ' GMT-0530',
    ' +0200', ' -08:00', ' UT', ' (Central European Standard Time)', ' GMT+01:00']);
  switch (int(0, 9)) {
    case 0: return `${LONG_MONTHS[m]} ${d}, ${y}`;
    case 1: return `${MONTHS[m]} ${d} ${y} ${time()}${zone()}`;
    case 2: return `${y}/${pad(m + 1, 2)}/${pad(d, 2)}${rnd() < 0.5 ? ' ' + time() : ''}`;
    case 3: return `${m + 1}/${d}/${y}${rnd() < 0.5 ? ' ' + time() : ''}`;
    case 4: return `${DAYS[int(0, 6)]} ${MONTHS[m]} ${pad(d, 2)} ${y} ${time()}${zone()}`;
    case 5: return `${DAYS[int(0, 6)]}, ${pad(d, 2)} ${MONTHS[m]} ${y} ${time()}${zone()}`;
    case 6: return `${pad(int(1900, 2100), 4)}-${pad(m + 1, 2)}-${pad(d, 2)} ${time()}${zone()}`;
    case 7: return `${d} ${LONG_MONTHS[m]} ${y}`;
    case 8: return `${MONTHS[m]}-${pad(d, 2)}-${y}`;
    default: return pick(['', 'x', 'Tuesday', '2024 x', 'x 2024', '12:00', '2024-03-05T', 'Mar 5 2024 +',
      '5.3.2024', '2024.03.05', `${MONTHS[m]} ${y}`, `${y} ${MONTHS[m]} ${d}`]);
  }
}

const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP'];
function localeOptions() {
  const o = {};
  const r = rnd();
  if (r < 0.1) return undefined;
  if (r < 0.2) {
    o.dateStyle = pick(['full', 'long', 'medium', 'short']);
    if (rnd() < 0.5) o.timeStyle = pick(['medium', 'short']);
    return o;
  }
  if (rnd() < 0.5) o.year = pick(['numeric', '2-digit']);
  if (rnd() < 0.5) o.month = pick(['numeric', '2-digit', 'short', 'long', 'narrow']);
  if (rnd() < 0.5) o.day = pick(['numeric', '2-digit']);
  if (rnd() < 0.3) o.weekday = pick(['short', 'long', 'narrow']);
  if (rnd() < 0.5) o.hour = pick(['numeric', '2-digit']);
  if (rnd() < 0.5) o.minute = pick(['numeric', '2-digit']);
  if (rnd() < 0.4) o.second = pick(['numeric', '2-digit']);
  if (rnd() < 0.3) o.hour12 = rnd() < 0.5;
  if (rnd() < 0.2) o.timeZone = pick(ZONES);
  return o;
}

function caseExpr() {
  const t = timeValue();
  const d = `new Date(${t})`;
  switch (int(0, 11)) {
    case 0: case 1: return `Date.parse(${JSON.stringify(isoString())})`;
    case 2: case 3: return `Date.parse(${JSON.stringify(legacyString())})`;
    case 4: return `${d}.toString()`;
    case 5: return `[${d}.toDateString(), ${d}.toTimeString(), ${d}.toUTCString(), ${d}.toJSON()]`;
    case 6: {
      return `((d) => [d.getFullYear(), d.getMonth(), d.getDate(), d.getDay(), d.getHours(), d.getMinutes(), ` +
        `d.getSeconds(), d.getMilliseconds(), d.getTimezoneOffset()])(${d})`;
    }
    case 7: {
      const f = [int(1900, 2100), int(-2, 13), int(-1, 32), int(-1, 25), pick([0, 30, int(-1, 61)]), int(0, 59), int(0, 999)];
      const n = int(2, 7);
      return `new Date(${f.slice(0, n).join(', ')}).getTime()`;
    }
    case 8: {
      // Local times near transitions: the spring/autumn Sundays at 00:00-04:00.
      const y = int(2000, 2030), m = pick([2, 3, 9, 10]), day = int(1, 31);
      return `new Date(${y}, ${m}, ${day}, ${int(0, 4)}, ${pick([0, 15, 30, 45, 59])}).getTime()`;
    }
    case 9: {
      const setter = pick(['setMilliseconds', 'setSeconds', 'setMinutes', 'setHours', 'setDate', 'setMonth',
        'setFullYear', 'setUTCHours', 'setUTCDate', 'setUTCMonth', 'setUTCFullYear', 'setYear']);
      const argc = int(1, 3);
      const a = [];
      for (let i = 0; i < argc; i++) a.push(pick([int(-5, 40), int(0, 12), int(1990, 2030), 'NaN', '1.5']));
      return `((d) => [d.${setter}(${a.join(', ')}), d.getTime()])(${rnd() < 0.1 ? 'new Date(NaN)' : d})`;
    }
    default: {
      const m = pick(['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']);
      const o = localeOptions();
      const loc = rnd() < 0.15 ? 'undefined' : JSON.stringify(pick(LOCALES));
      return `((d) => { try { return d.${m}(${loc}, ${JSON.stringify(o)}); } catch (e) { return e.name; } })(${d})`;
    }
  }
}

function programFor(exprs) {
  return `const out = [];\n` + exprs.map((e) =>
    `try { out.push(${e}); } catch (e) { out.push('threw ' + e.name); }`).join('\n') + '\nreturn out;\n';
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'date-diff-'));
let cases = 0, mismatches = 0;
for (const zone of ZONES) {
  const exprs = [];
  for (let i = 0; i < perZone; i++) exprs.push(caseExpr());
  const body = programFor(exprs);
  const file = path.join(tmp, `${zone.replace(/\//g, '_')}.js`);
  fs.writeFileSync(file, body);
  // Node.js: the same body as an async function, in TZ=zone; values JSON-normalized as a Result.
  const nodeRun = spawnSync(process.execPath, ['-e', `
    const AsyncFunction = (async () => {}).constructor;
    new AsyncFunction(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'))().then(
      (v) => process.stdout.write(JSON.stringify(v)), (e) => { console.error(e); process.exit(1); });`],
  { env: { ...process.env, TZ: zone }, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (nodeRun.status !== 0) {
    console.error(`node failed in ${zone}: ${nodeRun.stderr}`);
    process.exit(2);
  }
  const expected = JSON.parse(nodeRun.stdout);
  const run = spawnSync(codemode, ['run', file, '--time-zone', zone, '--max-output-bytes', '67108864'],
    { encoding: 'utf8', maxBuffer: 1 << 28 });
  let result;
  try {
    result = JSON.parse(run.stdout);
  } catch (e) {
    console.error(`codemode gave no Result in ${zone} (exit ${run.status}): ${run.stderr.slice(0, 2000)}`);
    process.exit(1);
  }
  if (!result.ok) {
    console.error(`codemode failed in ${zone}: ${JSON.stringify(result.error)}`);
    mismatches++;
    continue;
  }
  for (let i = 0; i < exprs.length; i++) {
    cases++;
    const a = JSON.stringify(result.value[i]), b = JSON.stringify(expected[i]);
    if (a !== b) {
      mismatches++;
      if (mismatches <= 40 || verbose) console.log(`MISMATCH [${zone}] ${exprs[i]}\n  codemode: ${a}\n  node:     ${b}`);
    }
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`date_diff: ${cases} cases in ${ZONES.length} zones, ${mismatches} mismatches`);
process.exit(mismatches === 0 ? 0 : 1);
