// atob/btoa (HTML forgiving-base64) and DOMException: round trips, whitespace, padding, errors.
const out = {};
const t = (f) => { try { return f(); } catch (e) { return ['threw', e.name, e.message, e.code, e instanceof DOMException, e instanceof Error]; } };
const all = [];
for (let i = 0; i < 256; i++) all.push(String.fromCharCode(i));
const bytes = all.join('');
out.roundTrip = atob(btoa(bytes)) === bytes;
out.encodeAll = btoa(bytes);
out.small = ['', 'a', 'ab', 'abc', 'abcd', 'hello world', '\xff\xfe\x00'].map((s) => btoa(s));
out.decode = ['', 'YQ', 'YQ==', 'YWI', 'YWI=', 'YWJj', ' Y W J j \n', '\tYWJjZA==\r\n', 'YW\fJj', '////', '++++']
  .map((s) => t(() => [...atob(s)].map((c) => c.charCodeAt(0))));
out.decodeErrors = ['*', 'YQ=', 'Y', 'YWJjZ', 'YQ===', '=YQ', 'YQ==YQ', 'YQ=a', 'Y\u00e9', 'YWJj\u0000', 'YQ-_', 'undefined']
  .map((s) => t(() => atob(s)));
out.encodeErrors = ['\u0100', 'ok\u20ac', '\ud83d\ude00'].map((s) => t(() => btoa(s)));
out.coercion = [t(() => btoa(12345)), t(() => btoa(null)), t(() => atob(null)), t(() => btoa({ toString() { return 'x'; } }))];
out.missing = [t(() => atob()), t(() => btoa())];
const d = new DOMException('boom', 'NotFoundError');
out.dom = [d.name, d.message, d.code, String(d), d instanceof Error, Object.prototype.toString.call(d),
  new DOMException().name, new DOMException().message, new DOMException('m').code, new DOMException('m', 'Custom').code,
  DOMException.DATA_CLONE_ERR, DOMException.prototype.INVALID_CHARACTER_ERR, typeof DOMException, DOMException.name];
out.domResult = d;  // {name, message}: tests/diff/oracle_web.js applies features-js.md's Error rule
return out;
