// The background job: `node job-worker.js DIR ID` (started by job-start.js, detached). Sleeps JOB_SECONDS,
// then writes DIR/ID.result.json atomically: {status: "done", ...}, or {status: "failed", error} when
// JOB_FAIL is set. If job-cancel.js wrote the result first, the worker's result is dropped.
'use strict';
const jobs = require('./jobs-lib.js');

const [dir, job] = process.argv.slice(2);
const seconds = Number(process.env.JOB_SECONDS);
const label = process.env.JOB_LABEL || '';
const fail = process.env.JOB_FAIL || '';
const startedAt = process.env.JOB_STARTED_AT;

setTimeout(() => {
  const finishedAt = new Date().toISOString();
  const result = fail
    ? { status: 'failed', job, label, error: fail, startedAt, finishedAt }
    : { status: 'done', job, label, seconds, startedAt, finishedAt };
  jobs.createJsonOnce(jobs.resultFile(dir, job), result);
}, seconds * 1000);
