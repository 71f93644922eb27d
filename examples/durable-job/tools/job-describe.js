// jobs.describe (a plain command tool): input {job} → {job, label, seconds, startedAt, status}, where status
// is "running", "done", "failed", "cancelled" or "lost" (the worker is gone without a result). Looks in the
// jobs directory of this process ($CODEMODE_JOB_DIR or examples/durable-job/.jobs).
'use strict';
const fs = require('fs');
const jobs = require('./jobs-lib.js');

jobs.runTool(async ({ job }) => {
  jobs.checkJobId(job);
  const dir = jobs.jobsDir();
  if (!fs.existsSync(jobs.jobFile(dir, job))) throw new Error(`unknown job ${job}`);
  const meta = jobs.readJson(jobs.jobFile(dir, job));
  const result = jobs.readResult(dir, job);
  const status = result ? result.status : jobs.processAlive(meta.pid) ? 'running' : 'lost';
  return { job, label: meta.label, seconds: meta.seconds, startedAt: meta.startedAt, status };
});
