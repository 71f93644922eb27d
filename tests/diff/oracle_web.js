#!/usr/bin/env node
// The oracle for unit programs that use web platform globals (URL, URLSearchParams, atob, btoa,
// structuredClone, DOMException, crypto): the corpus oracle (tests/corpus/oracle.js) runs programs in a
// fresh vm context that has none of them, so this runs the program as the body of an async function in
// Node.js's main realm instead (no tools) and normalizes its value with the oracle's own rules:
//   node tests/diff/oracle_web.js tests/js/web/NAME.js > tests/js/web/NAME.json
// Programs must catch their own errors and return plain data; a throw is reported and exits 2.
// Before the oracle's normalization, the Result rules of features-js.md that the corpus oracle has no
// case for are applied: a URL is its href; a DOMException (an Error by its prototype chain, though not
// a native error) is {name, message} like other errors.
'use strict';
const fs = require('fs');
const path = require('path');

const file = process.argv[2];
if (!file) {
  console.error('usage: oracle_web.js PROGRAM.js');
  process.exit(2);
}
const { nullify } = require(path.join(__dirname, '..', 'corpus', 'oracle.js'));  // sets TZ=UTC on load
const AsyncFunction = (async () => {}).constructor;
const body = fs.readFileSync(file, 'utf8');
function webRules(v, stack = []) {
  if (typeof v !== 'object' || v === null || stack.includes(v)) return v;
  if (v instanceof URL) return v.href;
  if (v instanceof DOMException) return { name: String(v.name), message: String(v.message) };
  if (Object.getPrototypeOf(v) !== Object.prototype && !Array.isArray(v)) return v;
  stack.push(v);
  const out = Array.isArray(v) ? [] : {};
  for (const k of Object.keys(v)) out[k] = webRules(v[k], stack);
  stack.pop();
  return out;
}
new AsyncFunction('tools', body)({}).then((value) => {
  process.stdout.write(JSON.stringify({ ok: true, value: nullify(webRules(value)), toolCalls: [] }, null, 2) + '\n');
}, (e) => {
  console.error(`oracle_web: ${file} threw: ${e && e.stack ? e.stack : e}`);
  process.exitCode = 2;
});
