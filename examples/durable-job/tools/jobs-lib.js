// Shared pieces of the durable-job tools: where jobs live, their files, atomic writes.
//
// A job ID has three files in the jobs directory ($CODEMODE_JOB_DIR, else examples/durable-job/.jobs):
//   ID.job.json     written by job-start.js: {job, key, label, seconds, pid, startedAt}
//   ID.result.json  written once, by whichever comes first: job-worker.js ({status: "done"|"failed", ...})
//                   or job-cancel.js ({status: "cancelled", ...}); never overwritten
//   ID.tmp-*        temporary files of an atomic write (write, fsync, link into place)
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

function jobsDir() {
  const dir = path.resolve(process.env.CODEMODE_JOB_DIR || path.join(__dirname, '..', '.jobs'));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

// Job ids are file names: letters, digits and '-' only.
function checkJobId(id) {
  if (typeof id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new Error(`bad job id ${JSON.stringify(id)}`);
  return id;
}

function jobFile(dir, id) {
  return path.join(dir, `${checkJobId(id)}.job.json`);
}

function resultFile(dir, id) {
  return path.join(dir, `${checkJobId(id)}.result.json`);
}

// Creates `file` with `value` as JSON unless it exists; atomic: readers see nothing or the whole file.
// Returns false when the file already existed (someone else finished first).
function createJsonOnce(file, value) {
  const tmp = `${file.replace(/\.json$/, '')}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const fd = fs.openSync(tmp, 'wx');
  try {
    fs.writeSync(fd, JSON.stringify(value) + '\n');
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(tmp, file); // fails with EEXIST instead of replacing
    return true;
  } catch (err) {
    if (err.code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.unlinkSync(tmp);
  }
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

// The job's result, or null while it runs.
function readResult(dir, id) {
  try {
    return readJson(resultFile(dir, id));
  } catch (err) {
    if (err.code === 'ENOENT') return null;
    throw err;
  }
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

// The data a durable call keeps between processes: {job, dir}.
function checkData(data) {
  if (data === null || typeof data !== 'object') throw new Error('data must be an object {job, dir}');
  checkJobId(data.job);
  if (typeof data.dir !== 'string' || !path.isAbsolute(data.dir)) throw new Error('data.dir must be an absolute path');
  if (!fs.existsSync(jobFile(data.dir, data.job))) throw new Error(`unknown job ${data.job} in ${data.dir}`);
  return data;
}

// Runs one command tool phase: the JSON object on stdin → handler → its JSON result on stdout, exit 0; on
// any error one message line on stderr and exit 1 (codemode reports that line as the ToolFailure).
function runTool(handler) {
  const chunks = [];
  process.stdin.on('data', (c) => chunks.push(c));
  process.stdin.on('end', async () => {
    try {
      const text = Buffer.concat(chunks).toString('utf8').trim();
      let input;
      try {
        input = text === '' ? {} : JSON.parse(text);
      } catch (err) {
        throw new Error(`input is not JSON: ${err.message}`);
      }
      if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new Error('input must be a JSON object');
      const output = await handler(input);
      process.stdout.write(JSON.stringify(output) + '\n');
    } catch (err) {
      process.stderr.write(String(err && err.message !== undefined ? err.message : err).split('\n')[0] + '\n');
      process.exitCode = 1;
    }
  });
}

module.exports = { runTool, jobsDir, checkJobId, jobFile, resultFile, createJsonOnce, readJson, readResult, processAlive, checkData };
