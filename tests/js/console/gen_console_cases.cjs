#!/usr/bin/env node
// Regenerates console_cases.json, the expected console output of each snippet in console_snippets.cjs as
// Node.js prints it: for every console call, the stream ("out" for log/info/debug/dir/table/count/time, "err"
// for warn/error/trace/assert) and the text of that call. tests/runtime/console_test.cc runs the same
// snippets through codemode and compares. Usage: node gen_console_cases.cjs > console_cases.json
'use strict';
const vm = require('vm');
const { Console } = require('console');
const { Writable } = require('stream');
const snippets = require('./console_snippets.cjs');

const cases = [];
for (const [name, source] of Object.entries(snippets)) {
  const chunks = [];
  const sink = (stream) => new Writable({ write(chunk, enc, cb) { chunks.push([stream, String(chunk).replace(/\n$/, '')]); cb(); } });
  const con = new Console({ stdout: sink('out'), stderr: sink('err'), colorMode: false });
  const ctx = vm.createContext({ console: con });
  vm.runInContext(`(function () {\n${source}\n})()`, ctx);
  cases.push({ name, source, output: chunks });
}
process.stdout.write(JSON.stringify(cases, null, 1) + '\n');
