#!/usr/bin/env node
// Runs programs through the codemode CLI and compares each Result with its expectation.
//
//   node tests/corpus_runner.js --codemode BIN MODE [options] [NAME-FILTER...]
//   node tests/corpus_runner.js --self-test
//
// MODE
//   js/core      tests/corpus/js/core: every program must match its expected Result.
//   js/advanced  tests/corpus/js/advanced: match, or fail with error.kind UnsupportedSyntax (features the
//                engine does not lower yet must say so, never answer wrongly).
//   lua          tests/corpus/lua (--lang lua; object key order is not compared).
//   hostile      tests/hostile: hostile programs with NAME.expect.json sidecars (see tests/hostile/README.md).
//   examples     examples/*/: each example program's Result must equal the one examples/run-with-node.js
//                computes under Node.js on the same machine, against the same real tools.
//   unit-js      tests/js/<area>/NAME.js and tests/compiler/programs/NAME.js: each must match NAME.json beside
//                it (computed with tests/corpus/oracle.js), run like js/core (fixture manifest, same rules).
//                tests/js/<area>/NAME.ts runs with --lang ts against the NAME.json of its JavaScript twin.
//
// Comparison (tests/corpus/README.md "How to compare"): `ok` equal; when ok, `value` equal as parsed JSON with
// numbers compared by value and, for JavaScript, object key order compared too (it is parsed from the text,
// so an engine that emits keys in the wrong order is caught); when not ok, only `error.kind`; `toolCalls`
// equal as a list. On top of that every run must be a clean process: exit status 0 for ok / 1 for not ok,
// no signal, no sanitizer report on stderr, stdout exactly one JSON document of the Result shape. A crash or
// sanitizer report is a failure even for a program listed as a known failure (a hang of a listed one is not).
//
// Known failures: tests/corpus/known-failures.txt, tests/hostile/known-failures.txt,
// examples/known-failures.txt, tests/js/known-failures.txt; one `path  # reason` per line (path relative to
// that file's folder, except tests/js/known-failures.txt, whose paths are relative to tests/ because it also
// lists tests/compiler/programs).
// A listed program that fails is reported XFAIL; a listed program that passes is a failure ("remove it from
// known-failures.txt"), and so is a listed path that does not exist, so the lists stay honest.
//
// Options: --jobs N (default 2, env CODEMODE_TEST_JOBS), --timeout-ms N passed to every corpus/example run
// (default 60000, env CODEMODE_CORPUS_TIMEOUT_MS), --kill-after-s N (runner's own hard limit per process,
// default 180), --known-failures FILE (override), --verbose (print stderr of failures).
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const TESTS = __dirname;
const ROOT = path.dirname(TESTS);
const CORPUS = path.join(TESTS, 'corpus');
const HOSTILE = path.join(TESTS, 'hostile');
const EXAMPLES = path.join(ROOT, 'examples');
const FIXTURE_MANIFEST = path.join(CORPUS, 'fixtures', 'manifest.json');
const MAX_CAPTURE = 256 << 20;

// ------------------------------------------------------------------------------------------ ordered JSON
// JSON.parse reorders integer-like keys and merges duplicates; the comparison needs the text's own order.
class JObj {
  constructor(entries) { this.entries = entries; }
  get(key) { const e = this.entries.find(([k]) => k === key); return e ? e[1] : undefined; }
  has(key) { return this.entries.some(([k]) => k === key); }
}

const MAX_JSON_DEPTH = 2000;
function parseOrdered(text) {
  let i = 0;
  const fail = (msg) => { throw new SyntaxError(`${msg} at offset ${i}`); };
  const ws = () => { while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++; };
  const NUM = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  function str() {
    const start = i;
    i++;
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x5c) i += 2;
      else if (c === 0x22) break;
      else i++;
    }
    i++;
    return JSON.parse(text.slice(start, i)); // validates escapes and control characters
  }
  function value(depth) {
    if (depth > MAX_JSON_DEPTH) fail('nesting too deep');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const entries = [];
      const seen = new Set();
      ws();
      if (text[i] === '}') { i++; return new JObj(entries); }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a key');
        const k = str();
        if (seen.has(k)) fail(`duplicate key ${JSON.stringify(k)}`);
        seen.add(k);
        ws();
        if (text[i] !== ':') fail('expected :');
        i++;
        entries.push([k, value(depth + 1)]);
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return new JObj(entries); }
        fail('expected , or }');
      }
    }
    if (c === '[') {
      i++;
      const items = [];
      ws();
      if (text[i] === ']') { i++; return items; }
      for (;;) {
        items.push(value(depth + 1));
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return items; }
        fail('expected , or ]');
      }
    }
    if (c === '"') return str();
    if (text.startsWith('true', i)) { i += 4; return true; }
    if (text.startsWith('false', i)) { i += 5; return false; }
    if (text.startsWith('null', i)) { i += 4; return null; }
    NUM.lastIndex = i;
    const m = NUM.exec(text);
    if (!m) fail('unexpected character');
    i += m[0].length;
    return Number(m[0]);
  }
  const v = value(0);
  ws();
  if (i !== text.length) fail('trailing text after the JSON document');
  return v;
}

// Back to plain JS values (for printing).
function plain(v) {
  if (v instanceof JObj) {
    const o = {};
    for (const [k, x] of v.entries) Object.defineProperty(o, k, { value: plain(x), enumerable: true, writable: true, configurable: true });
    return o;
  }
  if (Array.isArray(v)) return v.map(plain);
  return v;
}
const show = (v, max = 160) => { const s = JSON.stringify(plain(v)); return s === undefined ? 'undefined' : s.length > max ? s.slice(0, max) + '…' : s; };
const kindOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : v instanceof JObj ? 'object' : typeof v);

// Returns null when equal, else a one-line description of the first difference.
function diff(expected, actual, { ordered = true } = {}, where = '') {
  const ke = kindOf(expected), ka = kindOf(actual);
  if (ke !== ka) return `${where || '(root)'}: expected ${ke} ${show(expected)}, got ${ka} ${show(actual)}`;
  if (ke === 'array') {
    const n = Math.min(expected.length, actual.length);
    for (let j = 0; j < n; j++) { const d = diff(expected[j], actual[j], { ordered }, `${where}[${j}]`); if (d) return d; }
    if (expected.length !== actual.length) return `${where || '(root)'}: expected ${expected.length} elements, got ${actual.length}`;
    return null;
  }
  if (ke === 'object') {
    const ek = expected.entries.map(([k]) => k), ak = actual.entries.map(([k]) => k);
    const missing = ek.filter((k) => !actual.has(k)), extra = ak.filter((k) => !expected.has(k));
    if (missing.length || extra.length) {
      return `${where || '(root)'}: keys differ` + (missing.length ? `; missing ${show(missing)}` : '') + (extra.length ? `; unexpected ${show(extra)}` : '');
    }
    if (ordered && ek.join('\u0000') !== ak.join('\u0000')) return `${where || '(root)'}: key order expected ${show(ek)}, got ${show(ak)}`;
    for (const k of ek) {
      const d = diff(expected.get(k), actual.get(k), { ordered }, `${where}${/^[A-Za-z_$][\w$]*$/.test(k) ? (where ? '.' : '') + k : '[' + JSON.stringify(k) + ']'}`);
      if (d) return d;
    }
    return null;
  }
  if (expected !== actual) return `${where || '(root)'}: expected ${show(expected)}, got ${show(actual)}`; // numbers by value
  return null;
}

// ------------------------------------------------------------------------------------------ running the CLI
function runProcess(cmd, args, { killAfterMs, cwd = ROOT, env = process.env } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    let child;
    try {
      child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      resolve({ spawnError: e.message, stdout: '', stderr: '', code: null, signal: null, ms: 0 });
      return;
    }
    const out = [], err = [];
    let outBytes = 0, errBytes = 0, overflow = false, timedOut = false, spawnError = null;
    child.stdout.on('data', (c) => { outBytes += c.length; if (outBytes <= MAX_CAPTURE) out.push(c); else overflow = true; });
    child.stderr.on('data', (c) => { errBytes += c.length; if (errBytes <= MAX_CAPTURE) err.push(c); });
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, killAfterMs);
    child.on('error', (e) => { spawnError = e.message; });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code, signal, timedOut, overflow, spawnError, ms: Date.now() - started, stdoutBytes: outBytes,
        stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
}

const SANITIZER_RE = /(ERROR|WARNING): (Address|Leak|Memory|Thread|UndefinedBehavior)Sanitizer|runtime error: |SUMMARY: (Address|Leak|UndefinedBehavior)Sanitizer/;

// Checks that one CLI run was a clean process that printed a Result. Returns {result, raw} or {broken: why}.
// A broken run fails even a listed program (crash, sanitizer report, bad output), except a hang (hang: true).
function checkProcess(run) {
  const tail = (s) => s.trim().split('\n').slice(-3).join(' | ').slice(0, 300);
  if (run.spawnError) return { broken: `could not start: ${run.spawnError}` };
  if (run.timedOut) return { broken: `hung: killed after ${run.ms} ms`, hang: true };
  if (run.signal) return { broken: `crashed with ${run.signal}${run.stderr ? ': ' + tail(run.stderr) : ''}` };
  if (SANITIZER_RE.test(run.stderr)) return { broken: `sanitizer report: ${tail(run.stderr.slice(run.stderr.search(SANITIZER_RE)))}` };
  if (run.overflow) return { broken: `stdout larger than ${MAX_CAPTURE} bytes` };
  if (run.code === 2) return { broken: `usage error (exit 2): ${tail(run.stderr)}` };
  let raw;
  try {
    raw = parseOrdered(run.stdout);
  } catch (e) {
    return { broken: `exit ${run.code}, stdout is not one JSON document (${e.message}): ${show(run.stdout, 200)}${run.stderr ? ' stderr: ' + tail(run.stderr) : ''}` };
  }
  if (!(raw instanceof JObj)) return { broken: `Result is not an object: ${show(raw)}` };
  const ok = raw.get('ok');
  if (typeof ok !== 'boolean') return { broken: `Result has no boolean "ok": ${show(raw)}` };
  const calls = raw.get('toolCalls');
  if (!Array.isArray(calls) || calls.some((c) => typeof c !== 'string')) return { broken: `Result has no "toolCalls" list of names: ${show(raw)}` };
  if (ok) {
    if (!raw.has('value')) return { broken: 'ok Result without "value"' };
  } else {
    const error = raw.get('error');
    if (!(error instanceof JObj) || typeof error.get('kind') !== 'string' || typeof error.get('message') !== 'string') {
      return { broken: `failed Result without error {kind, message}: ${show(raw)}` };
    }
  }
  const wantCode = ok ? 0 : 1;
  if (run.code !== wantCode) return { broken: `exit status ${run.code} for ok=${ok} (want ${wantCode})` };
  return { result: raw };
}

const describeResult = (r) => (r.get('ok') ? `ok ${show(r.get('value'), 80)}` : `${r.get('error').get('kind')}: ${show(r.get('error').get('message'), 140)}`);

// Compares an actual Result with an expected one by the corpus rules. Returns null or the difference.
function compareResults(expected, actual, { ordered = true } = {}) {
  if (expected.get('ok') !== actual.get('ok')) {
    return `ok expected ${expected.get('ok')}, got ${actual.get('ok')} (${describeResult(actual)})`;
  }
  if (expected.get('ok')) {
    const d = diff(expected.get('value'), actual.get('value'), { ordered }, 'value');
    if (d) return d;
  } else {
    const ek = expected.get('error').get('kind'), ak = actual.get('error').get('kind');
    if (ek !== ak) return `error.kind expected ${ek}, got ${ak} (${show(actual.get('error').get('message'), 140)})`;
  }
  return diff(expected.get('toolCalls'), actual.get('toolCalls'), { ordered: true }, 'toolCalls');
}

// ------------------------------------------------------------------------------------------ known failures
function readKnownFailures(file) {
  const map = new Map();
  if (!file || !fs.existsSync(file)) return map;
  fs.readFileSync(file, 'utf8').split('\n').forEach((line, n) => {
    const t = line.replace(/#.*$/, '').trim();
    if (!t) return;
    const reason = (line.match(/#\s*(.*)$/) || [, ''])[1].trim();
    if (map.has(t)) throw new Error(`${file}:${n + 1}: ${t} listed twice`);
    map.set(t, reason || '(no reason given)');
  });
  return map;
}

// ------------------------------------------------------------------------------------------ case lists
function listCorpus(dir, ext) {
  const progDir = path.join(dir, 'programs'), expDir = path.join(dir, 'expected');
  return fs.readdirSync(progDir).filter((f) => f.endsWith(ext)).sort().map((f) => ({
    name: f.slice(0, -ext.length),
    program: path.join(progDir, f),
    expectedFile: path.join(expDir, f.slice(0, -ext.length) + '.json'),
  }));
}

// A hostile case: NAME.expect.json with NAME.js or NAME.lua (or NAME.gen.js, a node module exporting a
// function that returns the source text, for inputs too large to check in).
function listHostile() {
  const files = fs.readdirSync(HOSTILE);
  const cases = [];
  const referenced = new Set();
  for (const f of files.filter((x) => x.endsWith('.expect.json')).sort()) {
    const name = f.slice(0, -'.expect.json'.length);
    const spec = parseOrdered(fs.readFileSync(path.join(HOSTILE, f), 'utf8'));
    // `program` names another case's source, to run the same program under different limits.
    const own = spec.has('program') ? spec.get('program')
      : files.includes(name + '.js') ? name + '.js'
      : files.includes(name + '.lua') ? name + '.lua' : name + '.gen.js';
    const program = files.includes(own) ? path.join(HOSTILE, own) : null;
    referenced.add(own);
    const follow = spec.get('followedBy');
    if (follow) referenced.add(follow.get('program'));
    cases.push({ name, program, spec, specFile: f });
  }
  const orphans = files.filter((f) => (f.endsWith('.js') || f.endsWith('.lua')) && !referenced.has(f));
  return { cases, orphans };
}

// The node-oracle unit programs: tests/js/<area>/NAME.js and tests/compiler/programs/NAME.js, each with
// NAME.json beside it (the Result of `node tests/corpus/oracle.js NAME.js`). A .json without a .js is data
// for a Catch2 test (tests/js/console/console_cases.json), not a case. Keys are relative to tests/.
const UNIT_DIRS = [path.join(TESTS, 'js'), path.join(TESTS, 'compiler', 'programs')];
function listUnitPrograms() {
  const cases = [];
  const missing = []; // NAME.js without NAME.json
  const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  (function walk(dir) {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort(byName)) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) { walk(full); continue; }
      // NAME.ts (TypeScript) shares NAME.json with its JavaScript twin NAME.js (tests/js/ts/README.md).
      const ts = e.name.endsWith('.ts');
      if (!e.isFile() || !(e.name.endsWith('.js') || ts)) continue;
      const key = path.relative(TESTS, full);
      const expectedFile = full.slice(0, -3) + '.json';
      if (fs.existsSync(expectedFile)) cases.push({ name: ts ? key : key.slice(0, -3), key, program: full, expectedFile, ts });
      else missing.push(key);
    }
  })(UNIT_DIRS[0]);
  for (const dir of UNIT_DIRS.slice(1)) {
    for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.js')).sort()) {
      const full = path.join(dir, f);
      const key = path.relative(TESTS, full);
      const expectedFile = full.slice(0, -3) + '.json';
      if (fs.existsSync(expectedFile)) cases.push({ name: key.slice(0, -3), key, program: full, expectedFile });
      else missing.push(key);
    }
  }
  return { cases, missing };
}

function listExamples() {
  if (!fs.existsSync(EXAMPLES)) return [];
  const cases = [];
  for (const d of fs.readdirSync(EXAMPLES).sort()) {
    const dir = path.join(EXAMPLES, d);
    if (!fs.statSync(dir).isDirectory() || !fs.existsSync(path.join(dir, 'manifest.json'))) continue;
    for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.js')).sort()) {
      cases.push({ name: `${d}/${f.slice(0, -3)}`, key: `${d}/${f}`, program: path.join(dir, f), manifest: path.join(dir, 'manifest.json') });
    }
  }
  return cases;
}

// ------------------------------------------------------------------------------------------ hostile checks
const EXPECT_KEYS = new Set(['ok', 'kind', 'messageIncludes', 'messageMatches', 'value', 'truncated', 'toolCalls', 'toolCallCount', 'maxStdoutBytes', 'logs']);
const CASE_KEYS = new Set(['description', 'limits', 'tools', 'anyOf', 'followedBy', 'program', 'killAfterS', ...EXPECT_KEYS]);

// One expectation: {ok?, kind? (string or list), messageIncludes?, messageMatches? (regex, case-insensitive),
// value?, truncated?, toolCalls?, toolCallCount?, maxStdoutBytes?, logs? ("nonEmpty")}. Returns null or why not.
function checkExpectation(exp, result, stdoutBytes) {
  for (const [k] of exp.entries) if (!EXPECT_KEYS.has(k)) return `bad expectation: unknown field ${k}`;
  const want = (k) => exp.get(k);
  const ok = result.get('ok');
  const wantOk = exp.has('ok') ? want('ok') : exp.has('kind') || exp.has('messageIncludes') || exp.has('messageMatches') ? false : true;
  if (ok !== wantOk) return `expected ${wantOk ? 'ok' : 'failure'}, got ${describeResult(result)}`;
  if (!ok) {
    const kind = result.get('error').get('kind'), message = result.get('error').get('message');
    if (exp.has('kind')) {
      const kinds = [].concat(want('kind'));
      if (!kinds.includes(kind)) return `error.kind expected ${kinds.join(' or ')}, got ${kind} (${show(message, 140)})`;
    }
    if (exp.has('messageIncludes') && !message.includes(want('messageIncludes'))) return `message ${show(message, 140)} does not include ${show(want('messageIncludes'))}`;
    if (exp.has('messageMatches') && !new RegExp(want('messageMatches'), 'i').test(message)) return `message ${show(message, 140)} does not match /${want('messageMatches')}/i`;
  }
  if (exp.has('value')) {
    if (!ok) return 'value expected but the run failed';
    const d = diff(want('value'), result.get('value'), { ordered: true }, 'value');
    if (d) return d;
  }
  if (exp.has('truncated') && (result.get('truncated') === true) !== want('truncated')) return `truncated expected ${want('truncated')}, got ${show(result.get('truncated'))}`;
  if (exp.has('toolCalls')) { const d = diff(want('toolCalls'), result.get('toolCalls'), {}, 'toolCalls'); if (d) return d; }
  if (exp.has('toolCallCount') && result.get('toolCalls').length !== want('toolCallCount')) return `expected ${want('toolCallCount')} admitted tool calls, got ${result.get('toolCalls').length}`;
  if (exp.has('maxStdoutBytes') && stdoutBytes > want('maxStdoutBytes')) return `stdout is ${stdoutBytes} bytes, limit ${want('maxStdoutBytes')}`;
  if (exp.has('logs')) {
    const logs = result.get('logs');
    if (want('logs') !== 'nonEmpty') return 'bad expectation: logs must be "nonEmpty"';
    if (!Array.isArray(logs) || logs.length === 0 || logs.some((l) => typeof l !== 'string')) return `expected a non-empty logs list of strings, got ${show(logs)}`;
  }
  return null;
}

function checkHostileSpec(spec, result, stdoutBytes) {
  const alternatives = spec.has('anyOf') ? spec.get('anyOf') : [new JObj(spec.entries.filter(([k]) => EXPECT_KEYS.has(k)))];
  const whys = [];
  for (const alt of alternatives) {
    const why = checkExpectation(alt, result, stdoutBytes);
    if (!why) return null;
    whys.push(why);
  }
  return whys.join('; or ');
}

// ------------------------------------------------------------------------------------------ modes
async function pool(items, jobs, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, async () => {
    while (next < items.length) { const k = next++; results[k] = await fn(items[k], k); }
  }));
  return results;
}

function limitArgs(list) { return (list || []).map(String); }

async function runCli(opts, program, extraArgs, env) {
  const args = ['run', program, ...extraArgs];
  const run = await runProcess(opts.codemode, args, { killAfterMs: opts.killAfterS * 1000, env });
  return { run, args };
}

// Each task returns {status: 'pass'|'fail'|'xfail'|'xpass'|'broken', detail}.
async function runMode(mode, opts) {
  const known = new Map();
  let knownFile = opts.knownFailures;
  let tasks = [];
  const problems = [];
  const cleanup = [];

  if (mode === 'js/core' || mode === 'js/advanced' || mode === 'lua') {
    const lua = mode === 'lua';
    const dir = path.join(CORPUS, ...mode.split('/'));
    if (!knownFile) knownFile = path.join(CORPUS, 'known-failures.txt');
    const kf = readKnownFailures(knownFile);
    const prefix = mode + '/';
    for (const [k, v] of kf) if (k.startsWith(prefix)) known.set(k, v);
    const cases = listCorpus(dir, lua ? '.lua' : '.js');
    for (const k of known.keys()) if (!cases.some((c) => path.relative(CORPUS, c.program) === k)) problems.push(`${path.basename(knownFile)} lists ${k}, which does not exist`);
    const timeout = ['--timeout-ms', String(opts.timeoutMs)];
    tasks = cases.map((c) => ({
      name: c.name,
      key: path.relative(CORPUS, c.program),
      async run() {
        const expected = parseOrdered(fs.readFileSync(c.expectedFile, 'utf8'));
        const { run } = await runCli(opts, c.program, ['--lang', lua ? 'lua' : 'js', '--tools', FIXTURE_MANIFEST, ...timeout]);
        const p = checkProcess(run);
        if (p.broken) return { status: 'broken', detail: p.broken, hang: p.hang, run };
        const d = compareResults(expected, p.result, { ordered: !lua });
        if (!d) return { status: 'pass', detail: describeResult(p.result), run };
        if (mode === 'js/advanced' && !p.result.get('ok') && p.result.get('error').get('kind') === 'UnsupportedSyntax') {
          return { status: 'unsupported', detail: `UnsupportedSyntax: ${show(p.result.get('error').get('message'), 120)}`, run };
        }
        return { status: 'fail', detail: d, run };
      },
    }));
  } else if (mode === 'unit-js') {
    // Same rules and flags as js/core: the expectations come from the corpus oracle, which binds the
    // fixture tools, so the engine gets the fixture manifest too.
    if (!knownFile) knownFile = path.join(TESTS, 'js', 'known-failures.txt');
    for (const [k, v] of readKnownFailures(knownFile)) known.set(k, v);
    const { cases, missing } = listUnitPrograms();
    for (const m of missing) problems.push(`tests/${m} has no expected Result (${path.basename(m, '.js')}.json beside it: node tests/corpus/oracle.js tests/${m})`);
    for (const k of known.keys()) if (!cases.some((c) => c.key === k)) problems.push(`${path.relative(ROOT, knownFile)} lists ${k}, which is not a unit program`);
    const timeout = ['--timeout-ms', String(opts.timeoutMs)];
    tasks = cases.map((c) => ({
      name: c.name,
      key: c.key,
      async run() {
        const expected = parseOrdered(fs.readFileSync(c.expectedFile, 'utf8'));
        // `// time-zone: NAME` on the first line: the program runs in that zone (expected Result from
        // tests/diff/oracle_tz.js, which runs the oracle with TZ=NAME).
        const zone = /^\/\/ time-zone: (\S+)/.exec(fs.readFileSync(c.program, 'utf8'));
        const zoneArgs = zone ? ['--time-zone', zone[1]] : [];
        const { run } = await runCli(opts, c.program, ['--lang', c.ts ? 'ts' : 'js', '--tools', FIXTURE_MANIFEST, ...timeout, ...zoneArgs]);
        const p = checkProcess(run);
        if (p.broken) return { status: 'broken', detail: p.broken, hang: p.hang, run };
        const d = compareResults(expected, p.result, { ordered: true });
        return d ? { status: 'fail', detail: d, run } : { status: 'pass', detail: describeResult(p.result), run };
      },
    }));
  } else if (mode === 'hostile') {
    if (!knownFile) knownFile = path.join(HOSTILE, 'known-failures.txt');
    for (const [k, v] of readKnownFailures(knownFile)) known.set(k, v);
    const { cases, orphans } = listHostile();
    for (const o of orphans) problems.push(`tests/hostile/${o} has no NAME.expect.json and is no case's followedBy program`);
    for (const k of known.keys()) if (!cases.some((c) => c.name === k)) problems.push(`${path.basename(knownFile)} lists ${k}, which is not a hostile case`);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemode-hostile-'));
    cleanup.push(tmp);
    tasks = cases.map((c) => ({
      name: c.name,
      key: c.name,
      async run() {
        for (const [k] of c.spec.entries) if (!CASE_KEYS.has(k)) return { status: 'broken', detail: `${c.specFile}: unknown field ${k}` };
        if (!c.program) return { status: 'broken', detail: `no ${c.name}.js, ${c.name}.lua or ${c.name}.gen.js` };
        let program = c.program;
        if (program.endsWith('.gen.js')) {
          program = path.join(tmp, c.name + '.js');
          fs.writeFileSync(program, require(c.program)());
        }
        const tools = c.spec.get('tools') === 'fixtures' ? ['--tools', FIXTURE_MANIFEST] : [];
        const killAfterS = c.spec.get('killAfterS') || opts.killAfterS;
        const o = { ...opts, killAfterS };
        const lang = (file) => (file.endsWith('.lua') ? 'lua' : 'js');
        const first = await runCli(o, program, ['--lang', lang(program), ...tools, ...limitArgs(c.spec.get('limits'))]);
        let p = checkProcess(first.run);
        if (p.broken) return { status: 'broken', detail: p.broken, hang: p.hang, run: first.run };
        let why = checkHostileSpec(c.spec, p.result, first.run.stdoutBytes);
        if (why) return { status: 'fail', detail: why, run: first.run };
        const follow = c.spec.get('followedBy');
        if (follow) {
          const second = await runCli(o, path.join(HOSTILE, follow.get('program')), ['--lang', lang(follow.get('program')), ...tools, ...limitArgs(follow.get('limits'))]);
          p = checkProcess(second.run);
          if (p.broken) return { status: 'broken', detail: `${follow.get('program')}: ${p.broken}`, hang: p.hang, run: second.run };
          why = checkHostileSpec(follow, p.result, second.run.stdoutBytes);
          if (why) return { status: 'fail', detail: `${follow.get('program')}: ${why}`, run: second.run };
        }
        return { status: 'pass', detail: describeResult(p.result) };
      },
    }));
  } else if (mode === 'examples') {
    if (!knownFile) knownFile = path.join(EXAMPLES, 'known-failures.txt');
    for (const [k, v] of readKnownFailures(knownFile)) known.set(k, v);
    const cases = listExamples();
    for (const k of known.keys()) if (!cases.some((c) => c.key === k)) problems.push(`${path.basename(knownFile)} lists ${k}, which is not an example program`);
    const node = require(path.join(EXAMPLES, 'run-with-node.js'));
    tasks = cases.map((c) => ({
      name: c.name,
      key: c.key,
      async run() {
        // The reference first, then the engine, so both see the tools' data in the same state.
        const ref = await node.runExample(c.program, c.manifest);
        const expected = parseOrdered(JSON.stringify(ref.result));
        const { run } = await runCli(opts, c.program, ['--lang', 'js', '--tools', c.manifest, '--timeout-ms', String(opts.timeoutMs)]);
        const p = checkProcess(run);
        if (p.broken) return { status: 'broken', detail: p.broken, hang: p.hang, run };
        const d = compareResults(expected, p.result, { ordered: true });
        return d ? { status: 'fail', detail: d, run } : { status: 'pass', detail: describeResult(p.result), run };
      },
    }));
  } else {
    throw new Error(`unknown mode ${mode}`);
  }

  if (opts.filters.length) tasks = tasks.filter((t) => opts.filters.some((f) => t.name.includes(f)));
  const counts = { pass: 0, unsupported: 0, fail: 0, xfail: 0, xpass: 0, broken: 0 };
  const started = Date.now();
  await pool(tasks, opts.jobs, async (t) => {
    let r;
    try { r = await t.run(); } catch (e) { r = { status: 'broken', detail: `runner error: ${e.stack || e}` }; }
    const listed = known.has(t.key);
    let status = r.status;
    // A listed program may give a wrong answer or hang (limits may not exist yet), never crash or trip a
    // sanitizer: those stay failures so the ASan run cannot hide a memory error behind the list.
    if (listed && (status === 'fail' || (status === 'broken' && r.hang))) status = 'xfail';
    if (listed && (status === 'pass' || status === 'unsupported')) status = 'xpass';
    counts[status]++;
    const label = { pass: 'PASS ', unsupported: 'UNSUP', fail: 'FAIL ', xfail: 'XFAIL', xpass: 'XPASS', broken: 'BROKEN' }[status];
    let line = `${label} ${mode} ${t.name}`;
    if (status === 'xpass') line += `  — now passes: remove it from ${path.relative(ROOT, knownFile)}`;
    else if (status === 'xfail') line += `  (${known.get(t.key)}) ${r.detail}`;
    else if (status !== 'pass' || opts.verbose) line += `  ${r.detail}`;
    if (r.run && r.run.ms !== undefined && (opts.verbose || status === 'broken')) line += `  [${r.run.ms} ms]`;
    console.log(line);
    if (opts.verbose && r.run && status !== 'pass' && r.run.stderr) console.log('    stderr: ' + r.run.stderr.trim().split('\n').slice(-10).join('\n    stderr: '));
  });
  for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
  for (const p of problems) console.log(`ERROR ${mode}: ${p}`);
  const bad = counts.fail + counts.xpass + counts.broken + problems.length;
  const unsup = mode === 'js/advanced' ? ` (+ ${counts.unsupported} accepted as UnsupportedSyntax)` : '';
  console.log(`${mode}: ${counts.pass} passed${unsup}, ${counts.xfail} known failures, ${counts.fail} failed, ${counts.xpass} known failures now passing, ` +
    `${counts.broken} broken (crash/hang/bad output), ${problems.length} list problems; ${tasks.length} programs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return bad === 0;
}

// ------------------------------------------------------------------------------------------ self-test
// Checks the comparison rules and the known-failures bookkeeping, end to end, with a stand-in CLI
// (tests/support/oracle-cli.js: the Node.js oracle behind the CLI contract).
async function selfTest() {
  const assert = require('assert');
  const P = parseOrdered;
  assert.throws(() => P('{"a":1,"a":2}'), /duplicate/);
  assert.throws(() => P('{"a":1} x'), /trailing/);
  assert.throws(() => P('[1,]'));
  assert.strictEqual(diff(P('{"a":[1,2.0,{"b":null}]}'), P('{"a":[1,2,{"b":null}]}')), null);
  assert.match(diff(P('{"b":1,"2":2}'), P('{"2":2,"b":1}')), /key order/);
  assert.strictEqual(diff(P('{"b":1,"2":2}'), P('{"2":2,"b":1}'), { ordered: false }), null);
  assert.match(diff(P('{"a":1}'), P('{"a":1,"b":2}'), { ordered: false }), /unexpected \["b"\]/);
  assert.match(diff(P('[1,2]'), P('[1,2,3]')), /expected 2 elements/);
  assert.match(diff(P('{"a":{"x y":[0,"1"]}}'), P('{"a":{"x y":[0,1]}}')), /^a\["x y"\]\[1\]: expected string/);
  assert.match(diff(P('{}'), P('[]')), /expected object/);
  const R = (s) => P(s);
  assert.strictEqual(compareResults(R('{"ok":false,"error":{"kind":"ToolFailure"},"toolCalls":["a.b"]}'),
    R('{"ok":false,"error":{"kind":"ToolFailure","message":"boom"},"toolCalls":["a.b"]}')), null);
  assert.match(compareResults(R('{"ok":true,"value":1,"toolCalls":["a.b"]}'), R('{"ok":true,"value":1,"toolCalls":[]}')), /toolCalls/);
  assert.match(compareResults(R('{"ok":true,"value":1,"toolCalls":[]}'), R('{"ok":false,"error":{"kind":"X","message":"m"},"toolCalls":[]}')), /ok expected true/);
  // Process checks.
  const good = { code: 0, signal: null, stdout: '{"ok":true,"value":null,"toolCalls":[]}\n', stderr: '' };
  assert.ok(checkProcess(good).result);
  assert.match(checkProcess({ ...good, code: 1 }).broken, /exit status 1/);
  assert.match(checkProcess({ ...good, signal: 'SIGSEGV', code: null }).broken, /crashed/);
  assert.match(checkProcess({ ...good, stderr: '==1==ERROR: AddressSanitizer: heap-use-after-free' }).broken, /sanitizer/);
  assert.match(checkProcess({ ...good, stderr: 'x.cc:3:5: runtime error: signed integer overflow' }).broken, /sanitizer/);
  assert.match(checkProcess({ ...good, stdout: '{"ok":true,"value":1,"toolCalls":[]}{}' }).broken, /not one JSON/);
  assert.match(checkProcess({ ...good, code: 1, stdout: '{"ok":false,"error":{"kind":"X"},"toolCalls":[]}' }).broken, /error \{kind, message\}/);
  // Hostile expectations.
  const fail = R('{"ok":false,"error":{"kind":"ExecutionFailure","message":"RangeError: Invalid string length (line 1, col 5)"},"toolCalls":["a.b","a.b"]}');
  assert.strictEqual(checkHostileSpec(R('{"kind":["MemoryLimitExceeded","ExecutionFailure"],"messageIncludes":"Invalid string length"}'), fail, 10), null);
  assert.match(checkHostileSpec(R('{"kind":"MemoryLimitExceeded"}'), fail, 10), /expected MemoryLimitExceeded/);
  assert.strictEqual(checkHostileSpec(R('{"anyOf":[{"kind":"TimeoutExceeded"},{"kind":"ExecutionFailure","messageMatches":"invalid STRING"}]}'), fail, 10), null);
  assert.match(checkHostileSpec(R('{"kind":"ExecutionFailure","toolCallCount":5}'), fail, 10), /5 admitted/);
  assert.match(checkHostileSpec(R('{"ok":true,"value":true}'), fail, 10), /expected ok/);
  const okTrunc = R('{"ok":true,"value":"abc","truncated":true,"logs":["x"],"toolCalls":[]}');
  assert.strictEqual(checkHostileSpec(R('{"ok":true,"truncated":true,"logs":"nonEmpty","maxStdoutBytes":100}'), okTrunc, 60), null);
  assert.match(checkHostileSpec(R('{"ok":true,"maxStdoutBytes":100}'), okTrunc, 600), /stdout is 600 bytes/);
  assert.match(checkHostileSpec(R('{"ok":true,"truncated":false}'), okTrunc, 6), /truncated expected false/);
  // Every hostile sidecar must parse and use known fields.
  for (const c of listHostile().cases) {
    for (const [k] of c.spec.entries) assert.ok(CASE_KEYS.has(k), `${c.specFile}: unknown field ${k}`);
    const alts = c.spec.has('anyOf') ? c.spec.get('anyOf') : [];
    for (const a of alts) for (const [k] of a.entries) assert.ok(EXPECT_KEYS.has(k), `${c.specFile}: unknown field ${k} in anyOf`);
    assert.ok(c.program, `${c.specFile}: program missing`);
  }
  // Every unit program has its expected Result, and the unit known-failures list names real programs.
  const unit = listUnitPrograms();
  assert.ok(unit.cases.some((c) => c.key.startsWith('js/')) && unit.cases.some((c) => c.key.startsWith('compiler/')), 'unit programs not found');
  assert.deepStrictEqual(unit.missing, [], 'unit programs without NAME.json');
  for (const k of readKnownFailures(path.join(TESTS, 'js', 'known-failures.txt')).keys()) assert.ok(unit.cases.some((c) => c.key === k), `tests/js/known-failures.txt lists ${k}, which is not a unit program`);
  console.log('unit checks: ok');

  // End to end with the oracle standing in for the CLI: every core program must pass...
  const fake = path.join(TESTS, 'support', 'oracle-cli.js');
  const base = { codemode: fake, jobs: 2, timeoutMs: 60000, killAfterS: 120, filters: [], verbose: false };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemode-selftest-'));
  const empty = path.join(tmp, 'none.txt');
  fs.writeFileSync(empty, '');
  assert.strictEqual(await runMode('js/core', { ...base, knownFailures: empty }), true, 'oracle CLI must pass every core program');
  // ...a listed program that passes must fail the run, and so must a listed program that does not exist...
  const listed = path.join(tmp, 'listed.txt');
  fs.writeFileSync(listed, 'js/core/programs/001-order-summary.js  # pretend\n');
  assert.strictEqual(await runMode('js/core', { ...base, knownFailures: listed, filters: ['001-'] }), false, 'an XPASS must fail the run');
  fs.writeFileSync(listed, 'js/core/programs/999-nope.js  # stale\n');
  assert.strictEqual(await runMode('js/core', { ...base, knownFailures: listed, filters: ['001-'] }), false, 'a stale entry must fail the run');
  // ...and a wrong answer must be caught (the stand-in perturbs one value on request).
  const env = process.env.ORACLE_CLI_PERTURB;
  process.env.ORACLE_CLI_PERTURB = '1';
  try {
    assert.strictEqual(await runMode('js/core', { ...base, knownFailures: empty, filters: ['001-'] }), false, 'a wrong value must fail');
  } finally {
    if (env === undefined) delete process.env.ORACLE_CLI_PERTURB; else process.env.ORACLE_CLI_PERTURB = env;
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log('self-test: ok');
  return true;
}

// ------------------------------------------------------------------------------------------ CLI
async function main(argv) {
  const opts = {
    codemode: null, jobs: Number(process.env.CODEMODE_TEST_JOBS || 2), timeoutMs: Number(process.env.CODEMODE_CORPUS_TIMEOUT_MS || 60000),
    killAfterS: 180, knownFailures: null, verbose: false, filters: [],
  };
  const modes = [];
  let self = false;
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    const val = () => { if (k + 1 >= argv.length) throw new Error(`${a} needs a value`); return argv[++k]; };
    if (a === '--codemode') opts.codemode = path.resolve(val());
    else if (a === '--jobs') opts.jobs = Number(val());
    else if (a === '--timeout-ms') opts.timeoutMs = Number(val());
    else if (a === '--kill-after-s') opts.killAfterS = Number(val());
    else if (a === '--known-failures') opts.knownFailures = path.resolve(val());
    else if (a === '--verbose' || a === '-v') opts.verbose = true;
    else if (a === '--self-test') self = true;
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else if (['js/core', 'js/advanced', 'lua', 'hostile', 'examples', 'unit-js'].includes(a)) modes.push(a);
    else opts.filters.push(a);
  }
  if (self) return (await selfTest()) ? 0 : 1;
  if (!modes.length || !opts.codemode) {
    console.error('usage: corpus_runner.js --codemode BIN (js/core|js/advanced|lua|hostile|examples|unit-js)... [filter...]');
    return 2;
  }
  if (!fs.existsSync(opts.codemode)) { console.error(`no such binary: ${opts.codemode}`); return 2; }
  let allOk = true;
  for (const m of modes) allOk = (await runMode(m, opts)) && allOk;
  return allOk ? 0 : 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => { console.error(e.stack || String(e)); process.exitCode = 2; });
}

module.exports = { parseOrdered, diff, compareResults, checkProcess, checkHostileSpec, JObj, runMode };
