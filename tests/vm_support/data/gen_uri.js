// Generates uri.txt: Node's encodeURI/encodeURIComponent/decodeURI/decodeURIComponent answers.
// Run: node tests/vm_support/data/gen_uri.js > tests/vm_support/data/uri.txt
// Line format (tab-separated): op, input (strEsc), result (strEsc) or '!' + the URIError message.
'use strict';
const { Rng, strEsc: esc } = require('./gen_common.js');

const rng = new Rng(4242);
const out = [];
const attempt = (f) => { try { return esc(f()); } catch (e) { return '!' + e.message; } };
const emit = (op, s, f) => out.push(`${op}\t${esc(s)}\t${attempt(() => f(s))}`);

// Every ASCII character alone, then random mixes.
for (let c = 0; c < 128; c++) {
  const s = String.fromCharCode(c);
  emit('encodeURI', s, encodeURI);
  emit('encodeURIComponent', s, encodeURIComponent);
}
const textPieces = ['a', 'Z', '9', ' ', '%', '/', '?', '#', '&', '=', '+', ';', ',', '$', '@', ':', '!', '~',
                    '*', "'", '(', ')', '-', '_', '.', '[', ']', '\u00e9', '\u00ff', '\u0100', '\u07ff',
                    '\u0800', '\u4e2d', '\uffff', '\ud83d\ude00', '\udbff\udfff', '\ud800', '\udfff', '\u0000'];
for (let i = 0; i < 3000; i++) {
  let s = '';
  for (let n = rng.int(8); n > 0; n--) s += rng.pick(textPieces);
  emit('encodeURI', s, encodeURI);
  emit('encodeURIComponent', s, encodeURIComponent);
}

// Escapes: valid ones (from encoding random text), reserved characters, and malformed sequences.
const escapePieces = ['%41', '%2F', '%2f', '%23', '%3B', '%3b', '%3F', '%3A', '%40', '%26', '%3D', '%2B', '%24',
                      '%2C', '%25', '%20', '%C3%A9', '%c3%a9', '%E4%B8%AD', '%F0%9F%98%80', '%F4%8F%BF%BF',
                      '%C3', '%C3%', '%C3%2', '%C3%41', '%80', '%BF', '%C0%80', '%C1%BF', '%E0%80%80',
                      '%E0%9F%BF', '%ED%A0%80', '%ED%9F%BF', '%F0%80%80%80', '%F4%90%80%80', '%F5%80%80%80',
                      '%F8%80%80%80%80', '%FF', '%', '%G1', '%1', '%%', 'a', '/', ' ', '\u00e9', '\ud800', '%00',
                      '%7F', '%E2%82%AC', '%E2%82', '%E2%82%AC%'];
for (let i = 0; i < 4000; i++) {
  let s = '';
  for (let n = 1 + rng.int(5); n > 0; n--) s += rng.pick(escapePieces);
  emit('decodeURI', s, decodeURI);
  emit('decodeURIComponent', s, decodeURIComponent);
}
for (let b = 0; b < 256; b++) {
  const s = '%' + b.toString(16).padStart(2, '0');
  emit('decodeURI', s, decodeURI);
  emit('decodeURIComponent', s, decodeURIComponent);
}
process.stdout.write(out.join('\n') + '\n');
