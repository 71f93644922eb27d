#!/usr/bin/env node
// The corpus oracle (tests/corpus/oracle.js) in another time zone, for unit programs whose first line
// is `// time-zone: NAME` (the runner passes `--time-zone NAME` to codemode for them; a program
// without the line runs in UTC like the oracle). Prints the Result JSON as the oracle does:
//   node tests/diff/oracle_tz.js tests/js/date/NAME.js > tests/js/date/NAME.json
'use strict';
const fs = require('fs');
const path = require('path');

const file = process.argv[2];
if (!file) {
  console.error('usage: oracle_tz.js PROGRAM.js');
  process.exit(2);
}
const source = fs.readFileSync(file, 'utf8');
const m = /^\/\/ time-zone: (\S+)/.exec(source);
const oracle = require(path.join(__dirname, '..', 'corpus', 'oracle.js'));  // sets TZ=UTC on load
process.env.TZ = m ? m[1] : 'UTC';  // Node.js re-reads the zone when TZ is assigned
oracle.runProgram(file).then((run) => {
  process.stdout.write(JSON.stringify(run.result, null, 2) + '\n');
}, (e) => {
  console.error(e);
  process.exitCode = 2;
});
