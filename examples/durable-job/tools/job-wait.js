// jobs.run, durable phase "wait": data {"job", "dir"} on stdin → waits for the job's result file and prints
// the output {job, label, seconds, startedAt, finishedAt}. Exits 1 with one stderr line when the job failed,
// was cancelled, or its worker died without a result. Safe to run again and from another process: it only
// reads files.
'use strict';
const jobs = require('./jobs-lib.js');

const POLL_MS = 100;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

jobs.runTool(async (data) => {
  const { job, dir } = jobs.checkData(data);
  const meta = jobs.readJson(jobs.jobFile(dir, job));
  for (;;) {
    let result = jobs.readResult(dir, job);
    if (result === null && !jobs.processAlive(meta.pid)) {
      result = jobs.readResult(dir, job); // it may have finished between the two checks
      if (result === null) throw new Error(`job ${job} stopped without a result (worker ${meta.pid} is gone)`);
    }
    if (result !== null) {
      if (result.status === 'done') {
        const { label, seconds, startedAt, finishedAt } = result;
        return { job, label, seconds, startedAt, finishedAt };
      }
      if (result.status === 'failed') throw new Error(`job ${job} failed: ${result.error}`);
      if (result.status === 'cancelled') throw new Error(`job ${job} was cancelled at ${result.cancelledAt}`);
      throw new Error(`job ${job} has an unknown status ${JSON.stringify(result.status)}`);
    }
    await sleep(POLL_MS);
  }
});
