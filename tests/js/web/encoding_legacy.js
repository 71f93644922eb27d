// TextDecoder's legacy encodings (WHATWG Encoding §9-§14) as Node.js decodes them through ICU: every
// label of the standard, every byte of the single-byte encodings, multi-byte samples, malformed input
// with and without `fatal`, streaming split inside characters, utf-16be BOMs, and the encodings Node.js
// does not support.
const r = {};
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.code}: ${e.message}`; } };
const labels = ['866', 'cp866', 'csisolatin2', 'l2', 'iso_8859-5:1988', 'arabic', 'greek8', 'visual', 'csiso88598i', 'l6',
  'iso885913', 'iso-8859-14', 'l9', 'koi', 'koi8-ru', 'csmacintosh', 'x-mac-ukrainian', 'tis-620', 'dos-874', 'cp1250',
  'x-cp1251', 'cp1253', 'iso-8859-9', 'cp1255', 'x-cp1256', 'cp1257', 'x-cp1258', 'chinese', 'gb2312', 'x-gbk', 'gb18030',
  'big5-hkscs', 'cn-big5', 'x-euc-jp', 'csiso2022jp', 'ms932', 'sjis', 'windows-31j', 'x-sjis', 'cseuckr', 'korean',
  'ks_c_5601-1987', 'windows-949', 'unicodefffe', 'utf-16be', ' Shift_JIS ', 'ISO-8859-16', 'x-user-defined',
  'csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'utf-7', 'not-a-label'];
r.labels = labels.map((l) => t(() => new TextDecoder(l).encoding));
const all = new Uint8Array(256);
for (let i = 0; i < 256; i++) all[i] = i;
const single = ['ibm866', 'iso-8859-2', 'iso-8859-3', 'iso-8859-4', 'iso-8859-5', 'iso-8859-6', 'iso-8859-7', 'iso-8859-8',
  'iso-8859-8-i', 'iso-8859-10', 'iso-8859-13', 'iso-8859-14', 'iso-8859-15', 'koi8-r', 'koi8-u', 'macintosh', 'windows-874',
  'windows-1250', 'windows-1251', 'windows-1253', 'windows-1254', 'windows-1255', 'windows-1256', 'windows-1257',
  'windows-1258', 'x-mac-cyrillic'];
r.singleByte = {};
for (const e of single) r.singleByte[e] = [t(() => new TextDecoder(e).decode(all)), t(() => new TextDecoder(e, { fatal: true }).decode(all))];
const samples = {
  'gbk': [0xc4, 0xe3, 0xba, 0xc3, 0x80, 0x41, 0xa1, 0xa1, 0xfe, 0x50, 0x81],
  'gb18030': [0xc4, 0xe3, 0x81, 0x30, 0x81, 0x30, 0x95, 0x32, 0x82, 0x36, 0x84, 0x31, 0xa4, 0x39, 0xff, 0x41],
  'big5': [0xa4, 0xa4, 0xa4, 0xe5, 0x88, 0x62, 0x88, 0x64, 0xa1, 0x40, 0xf9, 0xfe, 0x80, 0x41, 0xa4],
  'euc-jp': [0xc6, 0xfc, 0xcb, 0xdc, 0x8e, 0xb1, 0x8f, 0xb0, 0xa1, 0xa4, 0xa2, 0x41, 0xff, 0xa4],
  'iso-2022-jp': [0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42, 0x41, 0x1b, 0x28, 0x4a, 0x5c, 0x1b, 0x28, 0x49, 0x31, 0x1b, 0x28, 0x42],
  'shift_jis': [0x93, 0xfa, 0x96, 0x7b, 0xb1, 0x82, 0xa0, 0x5c, 0x7e, 0x80, 0xa0, 0xfd, 0x81, 0x40, 0x82],
  'euc-kr': [0xc7, 0xd1, 0xb1, 0xdb, 0x81, 0x41, 0xa1, 0xa1, 0xff, 0x41, 0xc7],
  'utf-16be': [0xfe, 0xff, 0x00, 0x41, 0xd8, 0x3d, 0xde, 0x00, 0xdc, 0x00, 0x00],
};
r.multiByte = {};
for (const [e, bytes] of Object.entries(samples)) {
  const b = new Uint8Array(bytes);
  r.multiByte[e] = [t(() => new TextDecoder(e).decode(b)), t(() => new TextDecoder(e, { fatal: true }).decode(b)),
    t(() => new TextDecoder(e).decode(b.subarray(0, b.length - 1))), t(() => new TextDecoder(e, { ignoreBOM: true }).decode(b))];
}
const streamed = (e, bytes, cut) => t(() => {
  const d = new TextDecoder(e);
  const b = new Uint8Array(bytes);
  return [d.decode(b.subarray(0, cut), { stream: true }), d.decode(b.subarray(cut, cut + 1), { stream: true }), d.decode(b.subarray(cut + 1))];
});
r.stream = [streamed('shift_jis', [0x93, 0xfa, 0x96, 0x7b], 0), streamed('shift_jis', [0x93, 0xfa, 0x96, 0x7b], 2),
  streamed('gb18030', [0x81, 0x30, 0x81, 0x30, 0x41], 1), streamed('gb18030', [0x81, 0x30, 0x81, 0x30, 0x41], 2),
  streamed('euc-jp', [0x8f, 0xb0, 0xa1, 0x41], 1), streamed('big5', [0xa4, 0xa4, 0x41], 0), streamed('utf-16be', [0xfe, 0xff, 0x00, 0x41, 0x00], 1),
  streamed('utf-16be', [0xd8, 0x3d, 0xde, 0x00], 2), streamed('koi8-r', [0xc1, 0xc2, 0xc3], 1)];
r.fatalThenReuse = t(() => { const d = new TextDecoder('shift_jis', { fatal: true }); let a; try { d.decode(new Uint8Array([0x82])); } catch (e) { a = e.code; } return [a, d.decode(new Uint8Array([0x82, 0xa0]))]; });
r.props = t(() => { const d = new TextDecoder('sjis', { fatal: true, ignoreBOM: true }); return [d.encoding, d.fatal, d.ignoreBOM, Object.prototype.toString.call(d)]; });
return r;
