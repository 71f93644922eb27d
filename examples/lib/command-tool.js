// Shared plumbing for the examples' command tools (the manifest's "command" backend):
// `node tool.js NAME` reads the input JSON from stdin (empty means {}), runs handlers[NAME], prints the
// output JSON on stdout and exits 0; on any error it prints one message line on stderr and exits 1, which
// codemode turns into a ToolFailure carrying that line.
// CODEMODE_CALL_KEY (<runId>:<callId>) identifies the call; when CODEMODE_EXAMPLE_LOG names a file, each
// call is appended there as `KEY NAME INPUT`, which shows what the engine admitted and in which order.
'use strict';
const fs = require('fs');

module.exports = function serve(handlers) {
  const name = process.argv[2];
  const chunks = [];
  process.stdin.on('data', (c) => chunks.push(c));
  process.stdin.on('end', async () => {
    try {
      if (!Object.prototype.hasOwnProperty.call(handlers, name)) throw new Error(`unknown tool ${name}`);
      const text = Buffer.concat(chunks).toString('utf8').trim();
      let input;
      try {
        input = text === '' ? {} : JSON.parse(text);
      } catch (e) {
        throw new Error(`input is not JSON: ${e.message}`);
      }
      if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new Error('input must be a JSON object');
      if (process.env.CODEMODE_EXAMPLE_LOG) {
        fs.appendFileSync(process.env.CODEMODE_EXAMPLE_LOG, `${process.env.CODEMODE_CALL_KEY || '-'} ${name} ${JSON.stringify(input)}\n`);
      }
      const output = await handlers[name](input);
      process.stdout.write(JSON.stringify(output) + '\n');
    } catch (err) {
      process.stderr.write(String(err && err.message !== undefined ? err.message : err).split('\n')[0] + '\n');
      process.exitCode = 1;
    }
  });
};
