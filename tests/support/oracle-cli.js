#!/usr/bin/env node
// Stand-in for the codemode CLI, used only by `corpus_runner.js --self-test` to check the runner itself:
// `oracle-cli.js run FILE [--lang js] [--tools MANIFEST] [--timeout-ms N] ...` runs FILE with the corpus
// oracle (Node.js, in-process fixture handlers) and prints the Result as the CLI contract says
// (exit 0 ok, 1 failed, 2 usage). ORACLE_CLI_PERTURB=1 makes every ok value wrong, to prove the runner
// notices. Limits are accepted and ignored: this is not a sandbox.
'use strict';
const path = require('path');
const { runProgram } = require(path.join(__dirname, '..', 'corpus', 'oracle.js'));

async function main(argv) {
  if (argv[0] !== 'run' || !argv[1]) {
    process.stderr.write('usage: oracle-cli.js run FILE [--lang js] [--tools MANIFEST] [limits]\n');
    return 2;
  }
  const lang = argv.includes('--lang') ? argv[argv.indexOf('--lang') + 1] : 'js';
  if (lang !== 'js') {
    process.stderr.write(`oracle-cli.js: only --lang js is supported, got ${lang}\n`);
    return 2;
  }
  const { result, reason } = await runProgram(path.resolve(argv[1]));
  if (!result.ok) result.error.message = reason || result.error.kind;
  if (result.ok && process.env.ORACLE_CLI_PERTURB === '1') result.value = { perturbed: result.value };
  process.stdout.write(JSON.stringify(result) + '\n');
  return result.ok ? 0 : 1;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => {
  process.stderr.write(String(e && e.stack || e) + '\n');
  process.exitCode = 3;
});
