// jobs.run, durable phase "cancel": data {"job", "dir"} on stdin → stops the job's worker (SIGTERM to the
// pid recorded by job-start.js) and records it as cancelled, unless it already finished. Prints
// {job, status} with the job's final status.
'use strict';
const jobs = require('./jobs-lib.js');

jobs.runTool(async (data) => {
  const { job, dir } = jobs.checkData(data);
  const meta = jobs.readJson(jobs.jobFile(dir, job));
  // Record first, then kill: a worker finishing meanwhile finds the result taken and drops its own.
  jobs.createJsonOnce(jobs.resultFile(dir, job), { status: 'cancelled', job, label: meta.label, cancelledAt: new Date().toISOString() });
  const result = jobs.readResult(dir, job);
  if (result.status === 'cancelled' && jobs.processAlive(meta.pid)) {
    try {
      process.kill(meta.pid, 'SIGTERM');
    } catch (err) {
      if (err.code !== 'ESRCH') throw err;
    }
  }
  return { job, status: result.status };
});
