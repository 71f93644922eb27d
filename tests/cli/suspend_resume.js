#!/usr/bin/env node
// Cross-process suspend and resume through the CLI (issue 3 items 7 and 9), over the durable example
// examples/durable-job (a real background job that outlives the process that started it):
//
//   node tests/cli/suspend_resume.js path/to/codemode        (ctest cli.suspend_resume)
//
//   a. `run --state-dir D --park-when-waiting --run-id ID` parks: exit 0, {"ok":"suspended", runId, pending,
//      snapshot}, D/ID.snapshot exists and nothing else (no temporary file) is left in D;
//   b. `snapshot inspect` shows the call durable-started with its key;
//   c. `resume` in a new process prints the final Result (and the job ran to the end: a suspend never cancels);
//   d. truncated, bit-flipped and random snapshots make resume and inspect exit 1 with SnapshotError;
//   e. a run resumed with --park-when-waiting while its job still runs parks again under the same run id, and
//      a last resume finishes it;
//   f. usage errors (exit 2): --park-when-waiting without --state-dir, --run-id '../x';
//   g. a real interruption (--timeout-ms) of a run waiting on a 30 s job ends in TimeoutExceeded and runs the
//      durable cancel: the job's result file says cancelled;
//   h. a resume with --park-when-waiting whose job already finished takes its result (the park grace);
//   i. a state dir that cannot be written is a usage error before any job starts;
//   j. a folder or a 3 GiB sparse file given as a snapshot is a SnapshotError at once;
//   k. SIGTERM, SIGINT or SIGHUP to a run whose command tool is running ends the CLI by that signal and
//      kills the tool's process group first (tools run in their own group, which the signal never reaches).
// Every process must end by itself (no signal) with no sanitizer report on stderr. Jobs go to a temporary
// CODEMODE_JOB_DIR, snapshots to a temporary state dir; both are removed at the end, and any job worker still
// running is stopped. Prints one line per check; exit 0 when all pass, 1 otherwise.
'use strict';

const assert = require('assert');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLE = path.join(ROOT, 'examples', 'durable-job');
const MANIFEST = path.join(EXAMPLE, 'manifest.json');
const NIGHTLY = path.join(EXAMPLE, 'nightly-report.js');
const NIGHTLY_VALUE = { label: 'nightly-report', ok: true, status: 'done', seconds: 3, finishedAfterStart: true };
const PROCESS_LIMIT_MS = 120000; // a hung codemode process is killed (and reported) after this
const SANITIZER_RE = /(ERROR|WARNING): (Address|Leak|Memory|Thread|UndefinedBehavior)Sanitizer|runtime error: |SUMMARY: (Address|Leak|UndefinedBehavior)Sanitizer/;

const codemode = process.argv[2] && path.resolve(process.argv[2]);
if (!codemode || !fs.existsSync(codemode)) {
  console.error('usage: suspend_resume.js path/to/codemode');
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemode-cli-'));
const stateDir = path.join(tmp, 'state');
const jobDir = path.join(tmp, 'jobs');
fs.mkdirSync(jobDir);
const env = { ...process.env, CODEMODE_JOB_DIR: jobDir };
const started = Date.now();
let failures = 0;

// Runs codemode; every run must be a clean process whatever its exit status.
function cli(args) {
  const r = spawnSync(codemode, args, { cwd: ROOT, env, encoding: 'utf8', timeout: PROCESS_LIMIT_MS, maxBuffer: 64 << 20 });
  const what = `codemode ${args.join(' ')}`;
  if (r.error && r.error.code !== undefined && r.error.code !== 'ETIMEDOUT') throw new Error(`${what}: cannot run: ${r.error.message}`);
  if (r.signal) throw new Error(`${what}: ended by ${r.signal}${r.error ? ' (killed after ' + PROCESS_LIMIT_MS + ' ms)' : ''}; stderr: ${tail(r.stderr)}`);
  if (SANITIZER_RE.test(r.stderr)) throw new Error(`${what}: sanitizer report: ${tail(r.stderr.slice(r.stderr.search(SANITIZER_RE)))}`);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, what };
}
const tail = (s) => (s || '').trim().split('\n').slice(-4).join(' | ').slice(0, 400);

function json(run) {
  try {
    return JSON.parse(run.stdout);
  } catch (e) {
    throw new Error(`${run.what}: exit ${run.code}, stdout is not JSON (${e.message}): ${run.stdout.slice(0, 200)} stderr: ${tail(run.stderr)}`);
  }
}

function check(name, fn) {
  const t0 = Date.now();
  try {
    fn();
    console.log(`ok   ${name}  [${Date.now() - t0} ms]`);
  } catch (e) {
    failures++;
    console.log(`FAIL ${name}\n     ${String(e && e.message || e).split('\n').join('\n     ')}`);
  }
}

// The job a durable call started: job-start.js names it after the call key.
const jobOf = (key) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 16);
const readJob = (key, which) => {
  const f = path.join(jobDir, `${jobOf(key)}.${which}.json`);
  return fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null;
};
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const sleepMs = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const freshId = (what) => `sr-${what}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
const listState = () => (fs.existsSync(stateDir) ? fs.readdirSync(stateDir).sort() : []);

function expectSuspended(run, runId) {
  assert.strictEqual(run.code, 0, `exit ${run.code}, want 0; stdout ${run.stdout.slice(0, 300)} stderr: ${tail(run.stderr)}`);
  const out = json(run);
  assert.deepStrictEqual(out, { ok: 'suspended', runId, pending: [`${runId}:1`], snapshot: path.join(stateDir, `${runId}.snapshot`) });
  return out;
}

function expectFinal(run, value) {
  assert.strictEqual(run.code, 0, `exit ${run.code}, want 0; stdout ${run.stdout.slice(0, 300)} stderr: ${tail(run.stderr)}`);
  const out = json(run);
  assert.strictEqual(out.ok, true, `not ok: ${JSON.stringify(out.error)}`);
  assert.deepStrictEqual(out.value, value);
  assert.deepStrictEqual(out.toolCalls, ['jobs.run', 'jobs.describe']);
}

function writeProgram(name, seconds) {
  const file = path.join(tmp, `${name}.js`);
  fs.writeFileSync(file, `const r = await tools.jobs.run({ seconds: ${seconds}, label: ${JSON.stringify(name)} });\n` +
    'const d = await tools.jobs.describe({ job: r.job });\nreturn { label: r.label, status: d.status };\n');
  return file;
}

try {
  const idA = freshId('a');
  const idB = freshId('e');
  const snapA = path.join(stateDir, `${idA}.snapshot`);
  const snapB = path.join(stateDir, `${idB}.snapshot`);
  const park = (program, id) => cli(['run', program, '--tools', MANIFEST, '--state-dir', stateDir, '--park-when-waiting', '--run-id', id]);

  // a. Park the durable example (a 3 s job).
  let parkedA = false;
  check('a. run --park-when-waiting parks: exit 0, {"ok":"suspended",runId,pending,snapshot}, one snapshot file and no temporary file', () => {
    expectSuspended(park(NIGHTLY, idA), idA);
    assert.deepStrictEqual(listState(), [`${idA}.snapshot`]);
    assert.ok(fs.statSync(snapA).size > 0, 'empty snapshot');
    const meta = readJob(`${idA}:1`, 'job');
    assert.ok(meta && meta.label === 'nightly-report', 'the durable start did not record its job');
    assert.strictEqual(readJob(`${idA}:1`, 'result'), null, 'the job already has a result: parking must not cancel it');
    parkedA = true;
  });

  // e (first half, early so its 10 s job is surely still running, even after two park graces on a loaded machine): park, then resume parks again.
  const repark = writeProgram('repark', 10);
  let reparked = false;
  check('e. resume --park-when-waiting while the job still runs parks again under the same run id', () => {
    expectSuspended(park(repark, idB), idB);
    assert.strictEqual(readJob(`${idB}:1`, 'result'), null, 'the job finished before the resume could park again (machine too slow?)');
    const again = cli(['resume', snapB, '--tools', MANIFEST, '--park-when-waiting']);
    expectSuspended(again, idB);
    assert.deepStrictEqual(listState(), [`${idA}.snapshot`, `${idB}.snapshot`]);
    reparked = true;
  });

  // b. The call table of the parked run.
  check('b. snapshot inspect shows the call durable-started with its key', () => {
    assert.ok(parkedA, 'a. did not park');
    const run = cli(['snapshot', 'inspect', snapA]);
    assert.strictEqual(run.code, 0, `exit ${run.code}; stderr: ${tail(run.stderr)}`);
    const doc = json(run);
    assert.strictEqual(doc.header && doc.header.runId, idA, 'header.runId');
    assert.ok(Array.isArray(doc.calls), 'no "calls" table');
    const call = doc.calls.find((c) => c.key === `${idA}:1`);
    assert.ok(call, `no call ${idA}:1 in ${JSON.stringify(doc.calls)}`);
    assert.strictEqual(call.state, 'durable-started');
    assert.deepStrictEqual(call.path, ['jobs', 'run']);
    assert.deepStrictEqual(JSON.parse(call.durableData), { job: jobOf(`${idA}:1`), dir: jobDir });
    assert.deepStrictEqual(doc.toolCalls, ['jobs.run']);
  });

  // d. Damaged snapshots: SnapshotError from resume (a Result, exit 1) and inspect (exit 1), never a crash.
  if (parkedA) {
    const good = fs.readFileSync(snapA);
    const damaged = {
      'truncated to half': good.subarray(0, good.length >> 1),
      'truncated by one byte': good.subarray(0, good.length - 1),
      'one bit flipped in the header': Buffer.from(good).fill(good[9] ^ 0x04, 9, 10),
      'one bit flipped in the middle': Buffer.from(good).fill(good[good.length >> 1] ^ 0x10, good.length >> 1, (good.length >> 1) + 1),
      'one bit flipped in the last byte': Buffer.from(good).fill(good[good.length - 1] ^ 0x80, good.length - 1),
      'random bytes': crypto.randomBytes(good.length),
      'random bytes after the real first 16 bytes': Buffer.concat([good.subarray(0, 16), crypto.randomBytes(good.length - 16)]),
      'empty file': Buffer.alloc(0),
    };
    let n = 0;
    for (const [what, bytes] of Object.entries(damaged)) {
      check(`d. ${what}: resume and inspect exit 1 with SnapshotError`, () => {
        const file = path.join(tmp, `damaged-${++n}.snapshot`);
        fs.writeFileSync(file, bytes);
        const r = cli(['resume', file, '--tools', MANIFEST]);
        assert.strictEqual(r.code, 1, `resume exit ${r.code}, want 1; stdout ${r.stdout.slice(0, 300)} stderr: ${tail(r.stderr)}`);
        const out = json(r);
        assert.strictEqual(out.ok, false);
        assert.strictEqual(out.error && out.error.kind, 'SnapshotError', `error ${JSON.stringify(out.error)}`);
        const i = cli(['snapshot', 'inspect', file]);
        assert.strictEqual(i.code, 1, `inspect exit ${i.code}, want 1; stderr: ${tail(i.stderr)}`);
        assert.match(i.stderr, /SnapshotError/);
      });
    }
  }

  // c. The final resume, in a new process: waits for the rest of the job, then the program goes on.
  check('c. resume in a new process prints the final Result; the job ran to the end', () => {
    assert.ok(parkedA, 'a. did not park');
    expectFinal(cli(['resume', snapA, '--tools', MANIFEST]), NIGHTLY_VALUE);
    const result = readJob(`${idA}:1`, 'result');
    assert.strictEqual(result && result.status, 'done', `job result ${JSON.stringify(result)}`);
  });

  // g. A real interruption cancels the durable call: the job is recorded as cancelled and its worker stops.
  check('g. --timeout-ms over a 30 s job: TimeoutExceeded, and the durable cancel recorded the job as cancelled', () => {
    const idG = freshId('g');
    const long = writeProgram('long', 30);
    const t0 = Date.now();
    const r = cli(['run', long, '--tools', MANIFEST, '--timeout-ms', '1500', '--run-id', idG]);
    const ms = Date.now() - t0;
    assert.strictEqual(r.code, 1, `exit ${r.code}, want 1; stdout ${r.stdout.slice(0, 300)}`);
    const out = json(r);
    assert.strictEqual(out.error && out.error.kind, 'TimeoutExceeded', `error ${JSON.stringify(out.error)}`);
    assert.deepStrictEqual(out.toolCalls, ['jobs.run']);
    assert.ok(ms < 20000, `took ${ms} ms: the run waited for the job instead of being interrupted`);
    const meta = readJob(`${idG}:1`, 'job');
    assert.ok(meta, 'the job was never started');
    const result = readJob(`${idG}:1`, 'result');
    assert.strictEqual(result && result.status, 'cancelled', `job result ${JSON.stringify(result)} (cancel did not run)`);
    for (let k = 0; k < 50 && alive(meta.pid); k++) sleepMs(100);
    assert.ok(!alive(meta.pid), `job worker ${meta.pid} still runs after cancel`);
  });

  // e (second half): the last resume finishes the twice-parked run.
  check('e. a last resume finishes the twice-parked run', () => {
    assert.ok(reparked, 'e. did not park twice');
    const r = cli(['resume', snapB, '--tools', MANIFEST]);
    assert.strictEqual(r.code, 0, `exit ${r.code}; stdout ${r.stdout.slice(0, 300)} stderr: ${tail(r.stderr)}`);
    const out = json(r);
    assert.deepStrictEqual(out, { ok: true, value: { label: 'repark', status: 'done' }, toolCalls: ['jobs.run', 'jobs.describe'] });
  });

  // h. A resume with --park-when-waiting whose job is already done takes its result (park grace) instead of
  // parking again forever.
  check('h. resume --park-when-waiting after the job finished prints the final Result', () => {
    const idH = freshId('h');
    const quick = writeProgram('quick', 1);
    expectSuspended(park(quick, idH), idH);
    for (let k = 0; k < 100 && readJob(`${idH}:1`, 'result') === null; k++) sleepMs(100);
    assert.ok(readJob(`${idH}:1`, 'result'), 'the 1 s job never finished');
    const r = cli(['resume', path.join(stateDir, `${idH}.snapshot`), '--tools', MANIFEST, '--park-when-waiting']);
    assert.strictEqual(r.code, 0, `exit ${r.code}; stdout ${r.stdout.slice(0, 300)} stderr: ${tail(r.stderr)}`);
    assert.deepStrictEqual(json(r), { ok: true, value: { label: 'quick', status: 'done' }, toolCalls: ['jobs.run', 'jobs.describe'] });
  });

  // i. A state dir that cannot be written is refused before the run starts anything.
  check('i. --state-dir under a file: usage error (exit 2) before any job starts', () => {
    const idI = freshId('i');
    const file = path.join(tmp, 'not-a-dir');
    fs.writeFileSync(file, 'x');
    const r = cli(['run', NIGHTLY, '--tools', MANIFEST, '--state-dir', path.join(file, 'sub'), '--park-when-waiting', '--run-id', idI]);
    assert.strictEqual(r.code, 2, `exit ${r.code}, want 2; stdout ${r.stdout.slice(0, 200)}`);
    assert.strictEqual(r.stdout, '');
    assert.strictEqual(readJob(`${idI}:1`, 'job'), null, 'a job was started');
  });

  // j. Files that are not snapshots are refused from their head, before being read whole.
  check('j. resume of a folder and of a 3 GiB sparse file: SnapshotError at once', () => {
    const big = path.join(tmp, 'big.snapshot');
    fs.closeSync(fs.openSync(big, 'w'));
    fs.truncateSync(big, 3 * 1024 * 1024 * 1024);
    for (const file of [tmp, big]) {
      const t0 = Date.now();
      const r = cli(['resume', file, '--tools', MANIFEST]);
      assert.strictEqual(r.code, 1, `resume ${file}: exit ${r.code}, want 1; stdout ${r.stdout.slice(0, 300)}`);
      assert.strictEqual(json(r).error.kind, 'SnapshotError');
      const i = cli(['snapshot', 'inspect', file]);
      assert.strictEqual(i.code, 1, `inspect ${file}: exit ${i.code}, want 1`);
      assert.ok(Date.now() - t0 < 10000, `${file}: took ${Date.now() - t0} ms`);
    }
    fs.rmSync(big);
  });

  // k. Termination signals kill the running tools' process groups before the CLI ends.
  for (const sig of ['TERM', 'INT', 'HUP']) {
    check(`k. SIG${sig} while a command tool runs: the CLI ends by SIG${sig} and the tool is gone`, () => {
      const dir = fs.mkdtempSync(path.join(tmp, 'k-'));
      const pidFile = path.join(dir, 'tool.pid');
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({
        slow: { description: 'slow', tools: { wait: { description: 'writes its pid and sleeps 30 s',
          input: { type: 'object' }, output: { type: 'object' },
          command: ['sh', '-c', `echo $$ > ${pidFile}.tmp && mv ${pidFile}.tmp ${pidFile}; sleep 30; echo '{}'`] } } } }));
      fs.writeFileSync(path.join(dir, 'p.js'), 'await tools.slow.wait({});\nreturn 1;\n');
      // A node process starts the CLI (a shell's `cmd &` would start it with SIGINT ignored, and the CLI
      // leaves a signal ignored at start ignored), waits for the tool's pid file, signals the CLI and
      // prints how it ended.
      const driver = `const { spawn } = require('child_process'); const fs = require('fs');
        const cm = spawn(process.argv[1], ['run', 'p.js', '--tools', 'manifest.json'], { stdio: 'ignore' });
        const t0 = Date.now();
        const poll = setInterval(() => {
          if (fs.existsSync('tool.pid') || Date.now() - t0 > 20000) { clearInterval(poll); cm.kill('SIG${sig}'); }
        }, 50);
        cm.on('exit', (code, signal) => console.log('ended:' + (signal || code)));`;
      const r = spawnSync(process.execPath, ['-e', driver, codemode], { cwd: dir, encoding: 'utf8', timeout: PROCESS_LIMIT_MS });
      assert.ok(fs.existsSync(pidFile), `the tool never started; stdout ${r.stdout} stderr ${tail(r.stderr)}`);
      assert.ok(r.stdout.includes(`ended:SIG${sig}`), `want the CLI ended by SIG${sig}; got ${r.stdout.trim()} stderr ${tail(r.stderr)}`);
      const toolPid = Number(fs.readFileSync(pidFile, 'utf8'));
      const gone = () => { try { return fs.readFileSync(`/proc/${toolPid}/stat`, 'utf8').split(') ')[1][0] === 'Z'; } catch (e) { return true; } };
      for (let i = 0; i < 60 && !gone(); i++) sleepMs(50);
      assert.ok(gone(), `the tool (pid ${toolPid}) outlived the CLI`);
    });
  }

  // f. Usage errors: exit 2, nothing written.
  check('f. --park-when-waiting without --state-dir is a usage error (exit 2)', () => {
    const r = cli(['run', NIGHTLY, '--tools', MANIFEST, '--park-when-waiting', '--run-id', freshId('f')]);
    assert.strictEqual(r.code, 2, `exit ${r.code}, want 2; stdout ${r.stdout.slice(0, 200)}`);
    assert.strictEqual(r.stdout, '');
  });
  check("f. --run-id '../x' is a usage error (exit 2)", () => {
    const dir = path.join(tmp, 'state-f');
    const r = cli(['run', NIGHTLY, '--tools', MANIFEST, '--state-dir', dir, '--park-when-waiting', '--run-id', '../x']);
    assert.strictEqual(r.code, 2, `exit ${r.code}, want 2; stdout ${r.stdout.slice(0, 200)}`);
    assert.ok(!fs.existsSync(path.join(tmp, 'x.snapshot')) && !fs.existsSync(path.join(dir, 'x.snapshot')), 'a snapshot was written');
  });
} catch (e) {
  failures++;
  console.log(`FAIL ${e.stack || e}`);
} finally {
  // Stop the workers of any job still running (a failed check may leave one), then remove everything.
  for (const f of fs.existsSync(jobDir) ? fs.readdirSync(jobDir).filter((x) => x.endsWith('.job.json')) : []) {
    try {
      const { pid } = JSON.parse(fs.readFileSync(path.join(jobDir, f), 'utf8'));
      if (alive(pid)) process.kill(pid, 'SIGTERM');
    } catch (e) { /* already gone */ }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(`cli.suspend_resume: ${failures ? failures + ' check(s) failed' : 'all checks passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exitCode = failures ? 1 : 0;
