// Generates the text-helper data files from Node (ICU) answers:
//   case.txt       U|L <tab> code point (hex) <tab> result code units (4 hex each), for every code point
//                  whose toUpperCase()/toLowerCase() is not itself.
//   sigma.txt      runs "first last pattern" (hex): 4 bits, for Σ next to the code point c, whether
//                  toLowerCase gives final ς in  c+"Σ" (1), "A"+c+"Σ" (2), "AΣ"+c (4), "AΣ"+c+"a" (8).
//   normalize.txt  C <tab> code point <tab> NFC <tab> NFD <tab> NFKC <tab> NFKD (4 hex per unit) for every
//                  code point some form changes; S <tab> string <tab> 4 forms (strEsc) for random strings.
//   text.txt       W <tab> code unit trimmed by String.prototype.trim; F <tab> string <tab> isWellFormed
//                  <tab> toWellFormed; D <tab> UTF-8 bytes <tab> TextDecoder result; E <tab> string
//                  <tab> Buffer.from(string) bytes; plus case-mapping strings: UP/LO <tab> string <tab> result.
// Run: node tests/vm_support/data/gen_text.js (writes the files next to this script).
'use strict';
const fs = require('fs');
const path = require('path');
const { Rng, strToHex: hx, strEsc: esc } = require('./gen_common.js');

const rng = new Rng(77001);
const dir = __dirname;
const cpHex = (c) => c.toString(16).padStart(4, '0');
const isSurrogate = (c) => c >= 0xd800 && c <= 0xdfff;

// case.txt
{
  const out = [];
  for (let c = 0; c <= 0x10ffff; c++) {
    if (isSurrogate(c)) continue;
    const s = String.fromCodePoint(c);
    const u = s.toUpperCase();
    const l = s.toLowerCase();
    if (u !== s) out.push(`U\t${cpHex(c)}\t${hx(u)}`);
    if (l !== s) out.push(`L\t${cpHex(c)}\t${hx(l)}`);
  }
  fs.writeFileSync(path.join(dir, 'case.txt'), out.join('\n') + '\n');
}

// sigma.txt
{
  const out = [];
  const finalAt = (s, i) => s.toLowerCase()[i] === '\u03c2';
  let runStart = 0;
  let runPattern = -1;
  for (let c = 0; c <= 0x110000; c++) {
    let pattern = -2;
    if (c <= 0x10ffff && !isSurrogate(c)) {
      const s = String.fromCodePoint(c);
      // Σ's position: lowercasing c may change its length, so locate Σ in the lowercased prefix.
      const lowerLen = s.toLowerCase().length;
      pattern = (finalAt(s + '\u03a3', lowerLen) ? 1 : 0) |
                (finalAt('A' + s + '\u03a3', 1 + lowerLen) ? 2 : 0) |
                (finalAt('A\u03a3' + s, 1) ? 4 : 0) |
                (finalAt('A\u03a3' + s + 'a', 1) ? 8 : 0);
    } else if (c <= 0x10ffff) {
      pattern = runPattern;  // Surrogate code points: not tested, merged into the current run.
    }
    if (pattern !== runPattern) {
      if (runPattern >= 0) out.push(`${cpHex(runStart)}\t${cpHex(c - 1)}\t${runPattern.toString(16)}`);
      runStart = c;
      runPattern = pattern;
    }
  }
  fs.writeFileSync(path.join(dir, 'sigma.txt'), out.join('\n') + '\n');
}

// normalize.txt
{
  const out = [];
  const forms = ['NFC', 'NFD', 'NFKC', 'NFKD'];
  for (let c = 0; c <= 0x10ffff; c++) {
    if (isSurrogate(c)) continue;
    const s = String.fromCodePoint(c);
    const results = forms.map((f) => s.normalize(f));
    if (results.some((r) => r !== s)) out.push(`C\t${cpHex(c)}\t${results.map(hx).join('\t')}`);
  }
  // Pieces that interact: starters, marks of different combining classes, Hangul jamo and syllables,
  // composition exclusions, compatibility characters, unpaired surrogates.
  const pieces = ['a', 'e', 'o', 'A', 'u', 'i', 'n', 'c', 's', 'S', '\u0300', '\u0301', '\u0302', '\u0303',
                  '\u0308', '\u0323', '\u0327', '\u0328', '\u031b', '\u0345', '\u05b0', '\u05bc', '\u0e48',
                  '\u1100', '\u1161', '\u11a8', '\uac00', '\ud4db', '\u0958', '\u2126', '\u212b', '\u00c5',
                  '\u1e9b', '\ufb01', '\u2460', '\u00bd', '\u3300', '\u1d15e', '\ud800', '\udc00',
                  '\ud834\udd5e', '\u0344', '\u0f73', '\u1e0b', '\u03a9', '\u0386', '\u1fbe', '\u00e9',
                  '\u0065\u0301', '\u3099', '\u304b', '\u30cf', '\uff76', '\ufe00', '\u200d', 'x', ' '];
  for (let i = 0; i < 3000; i++) {
    let s = '';
    for (let n = 1 + rng.int(8); n > 0; n--) s += rng.pick(pieces);
    out.push(`S\t${esc(s)}\t${forms.map((f) => esc(s.normalize(f))).join('\t')}`);
  }
  fs.writeFileSync(path.join(dir, 'normalize.txt'), out.join('\n') + '\n');
}

// text.txt
{
  const out = [];
  for (let c = 0; c <= 0xffff; c++) {
    if (String.fromCharCode(c).trim() === '') out.push(`W\t${cpHex(c)}`);
  }
  const units = ['a', 'Z', '\u00e9', '\u4e2d', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d\ude00', '\uffff',
                 '\u0000', '\u007f', '\u0080', '\u07ff', '\u0800', '\ufffd'];
  for (let i = 0; i < 2000; i++) {
    let s = '';
    for (let n = rng.int(8); n > 0; n--) s += rng.pick(units);
    out.push(`F\t${hx(s)}\t${s.isWellFormed() ? 1 : 0}\t${hx(s.toWellFormed())}`);
    out.push(`E\t${hx(s)}\t${Buffer.from(s, 'utf8').toString('hex')}`);
  }
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const bytePieces = [[0x41], [0x7f], [0x80], [0xbf], [0xc0], [0xc1], [0xc2], [0xc3, 0xa9], [0xdf], [0xe0],
                      [0xe0, 0xa0], [0xe0, 0x80], [0xe2, 0x82, 0xac], [0xed, 0x9f, 0xbf], [0xed, 0xa0],
                      [0xed, 0xa0, 0x80], [0xef, 0xbb, 0xbf], [0xf0], [0xf0, 0x90], [0xf0, 0x9f, 0x98, 0x80],
                      [0xf0, 0x8f, 0xbf, 0xbf], [0xf4, 0x8f, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0xf5],
                      [0xf8], [0xfe], [0xff], [0x00], [0xee, 0x80]];
  for (let i = 0; i < 3000; i++) {
    const bytes = [];
    for (let n = rng.int(7); n > 0; n--) bytes.push(...rng.pick(bytePieces));
    if (rng.int(4) === 0) bytes.push(rng.int(256));
    out.push(`D\t${Buffer.from(bytes).toString('hex')}\t${hx(decoder.decode(Uint8Array.from(bytes)))}`);
  }
  // Case mapping of strings: Final_Sigma in context, special casing, surrogates, mixed scripts.
  const casePieces = ['\u03a3', '\u03c3', '\u03c2', 'A', 'a', ' ', '.', "'", '\u0345', '\u0301', '\u00ad',
                      '\u02b0', '\u00aa', '\u0130', '\u0131', '\u00df', '\ufb03', '\u1f80', '\u0390', 'I', 'i',
                      '\ud801\udc00', '\ud801\udc28', '\ud800', '\udc00', '\u01c5', '\u1e9e', '1', '\u2160',
                      '\u24b6', '\ud835\udc00', '\u0587', '\u03a3\u03a3', '-', '\u2019', '\u3000'];
  for (let i = 0; i < 4000; i++) {
    let s = '';
    for (let n = 1 + rng.int(6); n > 0; n--) s += rng.pick(casePieces);
    out.push(`UP\t${esc(s)}\t${esc(s.toUpperCase())}`);
    out.push(`LO\t${esc(s)}\t${esc(s.toLowerCase())}`);
  }
  fs.writeFileSync(path.join(dir, 'text.txt'), out.join('\n') + '\n');
}
