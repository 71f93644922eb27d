#!/usr/bin/env node
// Cross-process park and resume of a Lua run through the CLI (issue 4), over the durable example
// examples/durable-job (a background job that outlives the process that started it):
//
//   node tests/cli/suspend_resume_lua.js path/to/codemode        (ctest cli.suspend_resume_lua)
//
//   a. `run --lang lua --state-dir D --park-when-waiting --run-id ID` of a Lua program whose tool call
//      looks synchronous parks: exit 0, {"ok":"suspended", runId, pending, snapshot}, one snapshot file;
//   b. `snapshot inspect` shows the Lua run (language "lua") with the call durable-started;
//   c. `resume` in a new process prints the final Result: the Lua frames continue after the call (locals,
//      a loop in progress, a pcall around the call, the math.random sequence) and the second tool runs;
//   d. the same program run straight through with the same run id (another job directory) gives the
//      same Result: the park changed nothing the program can see.
// Every process must end by itself with no sanitizer report on stderr. Jobs go to temporary
// CODEMODE_JOB_DIRs, snapshots to a temporary state dir; all are removed at the end. Exit 0 when all
// checks pass, 1 otherwise.
'use strict';

const assert = require('assert');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const MANIFEST = path.join(ROOT, 'examples', 'durable-job', 'manifest.json');
const PROCESS_LIMIT_MS = 120000;
const SANITIZER_RE = /(ERROR|WARNING): (Address|Leak|Memory|Thread|UndefinedBehavior)Sanitizer|runtime error: |SUMMARY: (Address|Leak|UndefinedBehavior)Sanitizer/;

const codemode = process.argv[2] && path.resolve(process.argv[2]);
if (!codemode || !fs.existsSync(codemode)) {
  console.error('usage: suspend_resume_lua.js path/to/codemode');
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemode-cli-lua-'));
const stateDir = path.join(tmp, 'state');
const jobDirs = [path.join(tmp, 'jobs-parked'), path.join(tmp, 'jobs-straight')];
for (const d of jobDirs) fs.mkdirSync(d);
let failures = 0;

function cli(args, jobDir) {
  const env = { ...process.env, CODEMODE_JOB_DIR: jobDir };
  const r = spawnSync(codemode, args, { cwd: ROOT, env, encoding: 'utf8', timeout: PROCESS_LIMIT_MS, maxBuffer: 64 << 20 });
  const what = `codemode ${args.join(' ')}`;
  if (r.error && r.error.code !== 'ETIMEDOUT') throw new Error(`${what}: cannot run: ${r.error.message}`);
  if (r.signal) throw new Error(`${what}: ended by ${r.signal}; stderr: ${tail(r.stderr)}`);
  if (SANITIZER_RE.test(r.stderr)) throw new Error(`${what}: sanitizer report: ${tail(r.stderr.slice(r.stderr.search(SANITIZER_RE)))}`);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, what };
}
const tail = (s) => (s || '').trim().split('\n').slice(-4).join(' | ').slice(0, 400);
function json(run) {
  try {
    return JSON.parse(run.stdout);
  } catch (e) {
    throw new Error(`${run.what}: exit ${run.code}, stdout is not JSON: ${run.stdout.slice(0, 200)} stderr: ${tail(run.stderr)}`);
  }
}
function check(name, fn) {
  const t0 = Date.now();
  try {
    fn();
    console.log(`ok   ${name}  [${Date.now() - t0} ms]`);
  } catch (e) {
    failures++;
    console.log(`FAIL ${name}\n     ${String((e && e.message) || e).split('\n').join('\n     ')}`);
  }
}

// The Lua program: state on the Lua stack across the call (locals, a numeric for loop, a pcall frame).
const PROGRAM = path.join(tmp, 'report.lua');
fs.writeFileSync(PROGRAM, `
local before = math.random(0)
local seen = {}
local report
for i = 1, 3 do
  seen[#seen + 1] = i * 10
  if i == 2 then
    local ok, r = pcall(function() return tools.jobs.run({ seconds = 5, label = "lua-report" }) end)
    assert(ok, r)
    report = r
  end
end
local status = tools.jobs.describe({ job = report.job })
return { label = report.label, status = status.status, seen = seen,
         random = string.format("%d %d", before, math.random(0)) }
`);

try {
  const id = `srl-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
  const snap = path.join(stateDir, `${id}.snapshot`);
  let parked = false;
  let final = null;

  check('a. run --lang lua --park-when-waiting parks: exit 0, {"ok":"suspended",runId,pending,snapshot}', () => {
    const r = cli(['run', PROGRAM, '--lang', 'lua', '--tools', MANIFEST, '--state-dir', stateDir, '--park-when-waiting', '--run-id', id], jobDirs[0]);
    assert.strictEqual(r.code, 0, `exit ${r.code}; stdout ${r.stdout.slice(0, 300)} stderr: ${tail(r.stderr)}`);
    assert.deepStrictEqual(json(r), { ok: 'suspended', runId: id, pending: [`${id}:1`], snapshot: snap });
    assert.deepStrictEqual(fs.readdirSync(stateDir), [`${id}.snapshot`]);
    parked = true;
  });

  check('b. snapshot inspect: a Lua run with the call durable-started', () => {
    assert.ok(parked, 'a. did not park');
    const r = cli(['snapshot', 'inspect', snap], jobDirs[0]);
    assert.strictEqual(r.code, 0, `exit ${r.code}; stderr: ${tail(r.stderr)}`);
    const doc = json(r);
    assert.strictEqual(JSON.stringify(doc).includes('"lua"'), true, 'the snapshot does not say it is a Lua run');
    const call = (doc.calls || []).find((c) => c.key === `${id}:1`);
    assert.ok(call, `no call ${id}:1 in ${JSON.stringify(doc.calls)}`);
    assert.strictEqual(call.state, 'durable-started');
    assert.deepStrictEqual(call.path, ['jobs', 'run']);
  });

  check('c. resume in a new process finishes the Lua run after the call', () => {
    assert.ok(parked, 'a. did not park');
    const r = cli(['resume', snap, '--tools', MANIFEST], jobDirs[0]);
    assert.strictEqual(r.code, 0, `exit ${r.code}; stdout ${r.stdout.slice(0, 300)} stderr: ${tail(r.stderr)}`);
    const out = json(r);
    assert.strictEqual(out.ok, true, `not ok: ${JSON.stringify(out.error)}`);
    assert.strictEqual(out.value.label, 'lua-report');
    assert.strictEqual(out.value.status, 'done');
    assert.deepStrictEqual(out.value.seen, [10, 20, 30]);
    assert.match(out.value.random, /^-?\d+ -?\d+$/);
    assert.deepStrictEqual(out.toolCalls, ['jobs.run', 'jobs.describe']);
    final = out;
  });

  check('d. a straight run with the same run id gives the same Result (random sequence included)', () => {
    assert.ok(final, 'c. did not finish');
    const r = cli(['run', PROGRAM, '--lang', 'lua', '--tools', MANIFEST, '--run-id', id], jobDirs[1]);
    assert.strictEqual(r.code, 0, `exit ${r.code}; stdout ${r.stdout.slice(0, 300)} stderr: ${tail(r.stderr)}`);
    assert.deepStrictEqual(json(r), final);
  });
} catch (e) {
  failures++;
  console.log(`FAIL ${e.stack || e}`);
} finally {
  for (const dir of jobDirs) {
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir).filter((x) => x.endsWith('.job.json')) : []) {
      try {
        const { pid } = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
        process.kill(pid, 0);
        process.kill(pid, 'SIGTERM');
      } catch (e) { /* already gone */ }
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(`cli.suspend_resume_lua: ${failures ? failures + ' check(s) failed' : 'all checks passed'}`);
process.exitCode = failures ? 1 : 0;
