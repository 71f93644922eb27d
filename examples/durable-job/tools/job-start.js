// jobs.run, durable phase "start": input {seconds, label?, fail?} on stdin → prints {"job", "dir"} at once.
// Starts job-worker.js as a detached background process (its own session, no stdio), so the job outlives
// this process, its process group and the codemode process that called it.
// The job id is derived from CODEMODE_CALL_KEY: starting twice for the same call finds the same job.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const jobs = require('./jobs-lib.js');

jobs.runTool(async (input) => {
  const { seconds, label = '', fail } = input;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > 3600) {
    throw new Error('seconds must be a number from 0 to 3600');
  }
  if (typeof label !== 'string') throw new Error('label must be a string');
  if (fail !== undefined && typeof fail !== 'string') throw new Error('fail must be a string');
  const dir = jobs.jobsDir();
  const key = process.env.CODEMODE_CALL_KEY || '';
  const job = key
    ? crypto.createHash('sha256').update(key).digest('hex').slice(0, 16)
    : crypto.randomBytes(8).toString('hex');
  if (fs.existsSync(jobs.jobFile(dir, job))) return { job, dir };

  const startedAt = new Date().toISOString();
  const worker = spawn(process.execPath, [path.join(__dirname, 'job-worker.js'), dir, job], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, JOB_SECONDS: String(seconds), JOB_LABEL: label, JOB_FAIL: fail || '', JOB_STARTED_AT: startedAt },
  });
  worker.unref();
  if (!worker.pid) throw new Error('cannot start the job worker');
  jobs.createJsonOnce(jobs.jobFile(dir, job), { job, key, label, seconds, pid: worker.pid, startedAt });
  return { job, dir };
});
