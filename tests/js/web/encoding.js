// TextEncoder and TextDecoder (WHATWG Encoding, as Node.js 20 exposes them): encode/encodeInto with lone
// surrogates, UTF-8 decoding with fatal and ignoreBOM, streaming split inside sequences, utf-16le,
// windows-1252 labels (decoded like Node.js), label handling and errors.
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}${e.code ? ` [${e.code}]` : ''}`; } };
const codes = (s) => Array.from(s, (c) => c.codePointAt(0).toString(16)).join(' ');
const enc = new TextEncoder();
const bytes = (a) => new Uint8Array(a);
const streamed = (label, chunks, opts) => {
  const d = new TextDecoder(label, opts);
  const out = chunks.map((c) => codes(d.decode(bytes(c), { stream: true })));
  out.push(codes(d.decode()));
  return out;
};
return {
  encoder: [enc.encoding, Array.from(enc.encode('h\u00e9\u20ac\ud83d\ude00')), Array.from(enc.encode('\ud800x\udc00')),
    Array.from(enc.encode()), Array.from(enc.encode(12.5)), enc.encode('abc') instanceof Uint8Array,
    enc.encode('abc').buffer.byteLength, Object.prototype.toString.call(enc)],
  encodeInto: [
    (() => { const d = new Uint8Array(5); const r = enc.encodeInto('a\u20acb\ud83d\ude00', d); return [r, Array.from(d)]; })(),
    (() => { const d = new Uint8Array(8); const r = enc.encodeInto('\ud83d\ude00\ud83d\ude00', d.subarray(1, 6)); return [r, Array.from(d)]; })(),
    err(() => enc.encodeInto('a', [])), err(() => enc.encodeInto('a', new Uint16Array(2))),
  ],
  decoder: (() => {
    const d = new TextDecoder();
    return [d.encoding, d.fatal, d.ignoreBOM, d.decode(bytes([0xef, 0xbb, 0xbf, 0x68, 0x69])), d.decode(),
      codes(d.decode(bytes([0xc3, 0x28, 0xe2, 0x82, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0x80, 0xc0, 0xaf, 0xff]))),
      d.decode(new Uint16Array([0x6968]).buffer), d.decode(new DataView(bytes([0x41, 0x42, 0x43]).buffer, 1)),
      d.decode(bytes([0x61, 0x62, 0x63, 0x64]).subarray(1, 3)), codes(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes([0xef, 0xbb, 0xbf, 0x41])))];
  })(),
  fatal: [err(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes([0x61, 0xff]))),
    err(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes([0xe2, 0x82]))),
    new TextDecoder('utf8', { fatal: true }).decode(bytes([0xe2, 0x82, 0xac]))],
  stream: [streamed('utf-8', [[0xe2], [0x82], [0xac, 0x41]]), streamed('utf-8', [[0xef, 0xbb], [0xbf, 0x41], [0xef, 0xbb, 0xbf]]),
    streamed('utf-8', [[0xf0, 0x9f], [0x98]]), streamed('utf-8', [[0xf0, 0x41], [0x80]]),
    err(() => streamed('utf-8', [[0xe2, 0x82]], { fatal: true })), streamed('utf-16le', [[0x3d], [0xd8, 0x00], [0xde, 0x41, 0x00]])],
  utf16: [codes(new TextDecoder('utf-16le').decode(bytes([0xff, 0xfe, 0x41, 0x00, 0x3d, 0xd8, 0x00, 0xde, 0x00, 0xd8, 0x42]))),
    new TextDecoder('utf-16').encoding, err(() => new TextDecoder('utf-16le', { fatal: true }).decode(bytes([0x00, 0xd8])))],
  latin1: [new TextDecoder('latin1').encoding, new TextDecoder('ascii').encoding, new TextDecoder(' Windows-1252 ').encoding,
    codes(new TextDecoder('latin1').decode(bytes([0x41, 0x80, 0x9f, 0xa0, 0xe9, 0xff])))],
  labels: [err(() => new TextDecoder('foo')), err(() => new TextDecoder('utf-9')), new TextDecoder(undefined).encoding,
    new TextDecoder('UTF8').encoding, new TextDecoder('unicode-1-1-utf-8').encoding],
  errors: [err(() => new TextDecoder().decode('abc')), err(() => new TextDecoder().decode([1, 2])), err(() => TextDecoder()),
    err(() => TextEncoder.prototype.encode.call({}, 'x')), err(() => new TextDecoder('utf-8', 5))],
};
