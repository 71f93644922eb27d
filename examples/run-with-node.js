#!/usr/bin/env node
// Runs an example program under Node.js with the code-mode program model, against the real command tools
// of its manifest, and prints the Result the engine must also produce:
//
//   node examples/run-with-node.js PROGRAM.js [--tools MANIFEST.json]   (default: manifest.json beside it)
//   node examples/run-with-node.js --check                              every example: ok, schema-valid, stable
//
// Semantics mirror tests/corpus/oracle.js: the program is the body of an async function compiled in a fresh
// vm context (no require/process/timers); `tools` is a frozen tree built from the manifest whose leaves start
// the command eagerly and return a Promise. A call sends JSON.stringify of its argument ({} when missing),
// runs `command` with the manifest's folder as working directory, input JSON on stdin and
// CODEMODE_CALL_KEY=<runId>:<callId>; exit 0 → the parsed stdout, otherwise a rejection with the last stderr
// line. A rejection that reaches the top uncaught is ToolFailure, any other throw ExecutionFailure. The value
// is normalized by the oracle's rules (undefined → null, Date → ISO string, ...). console output is
// captured into `logs` ("[warn] " / "[error] " prefixes); a rejection nobody handles becomes a `warnings`
// entry. Tool inputs and outputs are checked against the manifest's JSON Schemas (reported as
// schemaProblems, and fatal in --check).
//
// A durable tool (`"durable": {"start", "wait", "cancel"}`, DESIGN §6) runs as the engine runs it when
// nothing suspends: `start` with the input on stdin prints the call's data JSON, then `wait` with that data
// on stdin prints the output; both get the same CODEMODE_CALL_KEY, and a non-zero exit of either is the
// call's ToolFailure. A durable call still unsettled when the run ends gets `cancel` with its data, as the
// engine cancels such calls for real.
'use strict';

const fs = require('fs');
const path = require('path');
const vm = require('vm');
const { spawn } = require('child_process');
const { nullify, validate } = require(path.join(__dirname, '..', 'tests', 'corpus', 'oracle.js'));

const PROGRAM_TIMEOUT_MS = 60000;

function isDurable(entry) {
  const d = entry.durable;
  return !!d && typeof d === 'object' && Array.isArray(d.start) && Array.isArray(d.wait) &&
    (d.cancel === undefined || Array.isArray(d.cancel));
}

// Walks a manifest: {name: namespace{description, tools}} | tool{description, input, output, command}.
function collectTools(manifest) {
  const out = {};
  (function walk(node, prefix) {
    for (const [name, entry] of Object.entries(node)) {
      const dotted = prefix ? `${prefix}.${name}` : name;
      if (entry && (Array.isArray(entry.command) || isDurable(entry))) out[dotted] = entry;
      else if (entry && entry.tools && typeof entry.tools === 'object') walk(entry.tools, dotted);
      else throw new Error(`manifest entry ${dotted} is neither a namespace nor a command or durable tool`);
    }
  })(manifest, '');
  return out;
}

function runCommand(argv, cwd, inputText, callKey) {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { cwd, env: { ...process.env, CODEMODE_CALL_KEY: callKey }, stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [], err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.on('error', (e) => resolve({ code: -1, stdout: '', stderr: `cannot start ${argv[0]}: ${e.message}` }));
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.on('error', () => {}); // a tool may exit without reading its input
    child.stdin.end(inputText);
  });
}

const CONTEXT_SETUP = `(function setup(hostCall, paths, log) {
  'use strict';
  const root = {};
  for (const dotted of paths) {
    const parts = dotted.split('.');
    let node = root;
    for (let i = 0; i < parts.length - 1; i++) node = node[parts[i]] || (node[parts[i]] = {});
    const last = parts[parts.length - 1];
    const leaf = { [last](...args) { return new Promise((resolve, reject) => hostCall(dotted, args, resolve, reject)); } };
    node[last] = leaf[last];
  }
  (function freeze(o) { Object.freeze(o); for (const v of Object.values(o)) if (typeof v === 'object') freeze(v); })(root);
  const fmt = (args) => args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  const console = {
    log: (...a) => log(fmt(a)), info: (...a) => log(fmt(a)), debug: (...a) => log(fmt(a)),
    warn: (...a) => log('[warn] ' + fmt(a)), error: (...a) => log('[error] ' + fmt(a)),
  };
  return { tools: root, console, AsyncFunction: (async function () {}).constructor, JSONparse: JSON.parse, Error };
})`;

let runCounter = 0;

// A rejection nobody handles inside a program (an un-awaited failing call) is a warning of that run, as in
// the engine, not the end of this process. Runs are told apart by their realm's Error.
const activeRuns = new Set();
process.on('unhandledRejection', (reason) => {
  for (const run of activeRuns) {
    if (reason instanceof run.env.Error || activeRuns.size === 1) {
      const text = reason && typeof reason === 'object' && 'message' in reason ? `${reason.name}: ${reason.message}` : JSON.stringify(reason);
      run.warnings.push({ kind: 'ExecutionFailure', message: `Unhandled rejection from an un-awaited promise: ${text}` });
      return;
    }
  }
  throw reason;
});

// Runs one program; resolves to {result, schemaProblems, reason}.
async function runExample(programFile, manifestFile = path.join(path.dirname(programFile), 'manifest.json')) {
  const source = fs.readFileSync(programFile, 'utf8');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const specs = collectTools(manifest);
  const cwd = path.dirname(path.resolve(manifestFile));
  const runId = `node-${process.pid}-${++runCounter}`;
  const toolCalls = [];
  const logs = [];
  const schemaProblems = [];
  const toolErrors = new WeakSet();
  const durableCalls = []; // {dotted, key, data, settled, cancel, started}
  let fatal = null; // a boundary error that ends the run with its own kind
  let ended = false;
  let env;

  function hostCall(dotted, args, resolveCall, rejectCall) {
    // Outcomes that arrive after the run ended are dropped (the engine interrupts pending work), e.g. the
    // wait of a durable call cancelled below.
    const resolve = (v) => { if (!ended) resolveCall(v); };
    const reject = (e) => { if (!ended) rejectCall(e); };
    if (args.length > 1) {
      fatal = fatal || { kind: 'InvalidToolInput', message: `${dotted} takes one argument, got ${args.length}` };
      reject(new env.Error(fatal.message));
      return;
    }
    const text = JSON.stringify(args.length ? args[0] : undefined);
    const input = text === undefined ? {} : JSON.parse(text);
    toolCalls.push(dotted);
    const spec = specs[dotted];
    for (const p of validate(spec.input, input)) schemaProblems.push(`${dotted} input ${p}`);
    const key = `${runId}:${toolCalls.length}`;
    // The last stderr line of a failed phase is the call's ToolFailure message.
    const toolError = (phase, code, stderr) => {
      const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
      const e = new env.Error(lines.length ? lines[lines.length - 1] : `${dotted}${phase} exited with status ${code}`);
      toolErrors.add(e);
      return e;
    };
    const parseOut = (phase, stdout) => {
      try {
        return { value: JSON.parse(stdout) };
      } catch (e) {
        fatal = fatal || { kind: 'InvalidToolOutput', message: `${dotted}${phase} printed no JSON: ${e.message}` };
        return { error: new env.Error(fatal.message) };
      }
    };
    const deliver = ({ code, stdout, stderr }, phase) => {
      if (code !== 0) { reject(toolError(phase, code, stderr)); return; }
      const out = parseOut(phase, stdout);
      if (out.error) { reject(out.error); return; }
      for (const q of validate(spec.output, out.value)) schemaProblems.push(`${dotted} output ${q}`);
      resolve(env.JSONparse(JSON.stringify(out.value))); // a copy created in the program's realm
    };
    if (!isDurable(spec)) {
      runCommand(spec.command, cwd, JSON.stringify(input), key).then((r) => deliver(r, ''));
      return;
    }
    const call = { dotted, key, data: null, settled: false, cancel: spec.durable.cancel };
    durableCalls.push(call);
    const done = (r) => { call.settled = true; deliver(r, ' (wait)'); };
    call.started = runCommand(spec.durable.start, cwd, JSON.stringify(input), key).then(({ code, stdout, stderr }) => {
      if (code !== 0) { call.settled = true; reject(toolError(' (start)', code, stderr)); return; }
      const data = parseOut(' (start)', stdout);
      if (data.error) { call.settled = true; reject(data.error); return; }
      call.data = data.value;
      runCommand(spec.durable.wait, cwd, JSON.stringify(data.value), key).then(done);
    });
  }

  const ctx = vm.createContext({});
  env = vm.runInContext(CONTEXT_SETUP, ctx)(hostCall, Object.keys(specs), (line) => logs.push(line));
  const thisRun = { env, warnings: [] };
  activeRuns.add(thisRun);
  ctx.tools = env.tools;
  ctx.console = env.console;

  let outcome;
  try {
    const fn = new env.AsyncFunction('tools', 'console', source);
    let timer;
    const timeout = new Promise((_, rej) => { timer = setTimeout(() => rej(new Error('program timed out')), PROGRAM_TIMEOUT_MS); });
    try {
      outcome = { settled: 'fulfilled', value: await Promise.race([fn(env.tools, env.console), timeout]) };
    } catch (reason) {
      outcome = { settled: 'rejected', reason };
    } finally {
      clearTimeout(timer);
    }
  } catch (compileError) {
    outcome = { settled: 'rejected', reason: compileError };
  }

  ended = true;
  await new Promise((r) => setImmediate(r)); // lets 'unhandledRejection' report the last ones
  activeRuns.delete(thisRun);
  // Durable calls the program left unsettled are cancelled for real, as the engine does when a run ends
  // (one still in `start` is let finish first, so its job is not left running).
  for (const call of durableCalls) {
    await call.started;
    if (call.settled || call.data === null || !call.cancel) continue;
    const r = await runCommand(call.cancel, cwd, JSON.stringify(call.data), call.key);
    if (r.code !== 0) schemaProblems.push(`${call.dotted} cancel failed: ${r.stderr.trim().split('\n').pop()}`);
  }

  const calls = toolCalls.slice();
  const extra = { ...(logs.length ? { logs: logs.slice() } : {}), ...(thisRun.warnings.length ? { warnings: thisRun.warnings.slice() } : {}) };
  let result;
  if (fatal) {
    result = { ok: false, error: fatal, ...extra, toolCalls: calls };
  } else if (outcome.settled === 'fulfilled') {
    try {
      result = { ok: true, value: nullify(outcome.value), ...extra, toolCalls: calls };
    } catch (e) {
      result = { ok: false, error: { kind: 'InvalidDataValue', message: e.message }, ...extra, toolCalls: calls };
    }
  } else {
    const r = outcome.reason;
    const kind = toolErrors.has(r) ? 'ToolFailure' : 'ExecutionFailure';
    const message = r && typeof r === 'object' && 'message' in r ? `${r.name}: ${r.message}` : `Uncaught: ${JSON.stringify(r)}`;
    result = { ok: false, error: { kind, message }, ...extra, toolCalls: calls };
  }
  return { result, schemaProblems, reason: outcome.settled === 'rejected' ? String(outcome.reason && outcome.reason.stack || outcome.reason) : null };
}

function listExamplePrograms() {
  const out = [];
  for (const d of fs.readdirSync(__dirname).sort()) {
    const dir = path.join(__dirname, d);
    if (!fs.statSync(dir).isDirectory() || !fs.existsSync(path.join(dir, 'manifest.json'))) continue;
    for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.js')).sort()) out.push(path.join(dir, f));
  }
  return out;
}

async function check() {
  let bad = 0;
  const programs = listExamplePrograms();
  for (const file of programs) {
    const name = path.relative(__dirname, file);
    const first = await runExample(file);
    const second = await runExample(file);
    const problems = [...first.schemaProblems];
    if (!first.result.ok) problems.push(`not ok: ${JSON.stringify(first.result.error)}${first.reason ? '\n      ' + first.reason : ''}`);
    if (JSON.stringify(first.result) !== JSON.stringify(second.result)) problems.push('result differs between two runs');
    if (!first.result.toolCalls.length) problems.push('made no tool calls');
    console.log(`${problems.length ? 'FAIL' : 'ok  '} ${name}  (${first.result.toolCalls.length} tool calls)`);
    for (const p of problems) console.log(`    ! ${p}`);
    if (problems.length) bad++;
  }
  if (!programs.length) { console.log('no example programs found'); bad++; }
  console.log(`${programs.length} example programs, ${bad} with problems`);
  return bad ? 1 : 0;
}

async function main(argv) {
  if (argv[0] === '--check') return check();
  const file = argv.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: run-with-node.js PROGRAM.js [--tools MANIFEST.json] | --check');
    return 2;
  }
  const t = argv.indexOf('--tools');
  const { result, schemaProblems, reason } = await runExample(path.resolve(file), t >= 0 ? path.resolve(argv[t + 1]) : undefined);
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  if (reason) process.stderr.write(`reason: ${reason}\n`);
  for (const p of schemaProblems) process.stderr.write(`! ${p}\n`);
  return result.ok ? 0 : 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => { console.error(e.stack || String(e)); process.exitCode = 2; });
}

module.exports = { runExample, collectTools, listExamplePrograms };
