// URL parsing differential: 2,500 generated absolute and relative URLs (schemes, credentials, IPv4 and
// IPv6 hosts, ports, dot segments, backslashes, percent-encoding, special characters) against Node.js.
let seed = 12345;
const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const pick = (a) => a[rnd(a.length)];
const schemes = ['http', 'https', 'HTTP', 'ws', 'wss', 'ftp', 'file', 'foo', 'mailto', 'data', 'blob', 'javascript', 'urn', 'git+ssh', 'x-y.z'];
const hosts = ['example.com', 'EXAMPLE.org', 'a.b.c', 'localhost', '127.0.0.1', '0x7f.1', '192.168.0.257', '1.2.3', '0300.0250.0.1', '4294967295', '4294967296',
  '[::1]', '[2001:db8::8a2e:370:7334]', '[::ffff:1.2.3.4]', '[0:0:0:0:0:0:0:0]', '[1:0:0:2:0:0:0:3]', '[1::2::3]', '[g::1]', 'ex%41mple.com', 'a%2Eb', 'xx%zz',
  'foo bar', 'a<b', 'under_score', '', 'a..b', '1.2.3.4.5', '09.1.1.1', '0x', 'h\tost', '%31%32%37.0.0.1', 'a.b.', '999999999999'];
const userinfos = ['', '', '', 'user@', 'user:pass@', ':pw@', 'u%40x:p@', 'a b:c d@', 'u:p:q@', '@', 'ü:ö@'];
const ports = ['', '', '', ':80', ':443', ':8080', ':0', ':65535', ':65536', ':', ':08', ':x1', ':21'];
const segs = ['a', 'b c', '.', '..', '%2e', '%2E%2e', '.%2e', 'x%20y', 'é', '日本', 'q"<>`{}|^', "it's", 'a%zz', '~t', '@', ';p=1', '', 'C:', 'c|'];
const queries = ['', '', '?', '?a=1&b=2', '?q=hello world', "?x='y'", '?é=ü', '?a="b"<c>#', '?%zz', '?a+b', '?`{}'];
const frags = ['', '', '#', '#top', '#a b', '#`x`', '#é', '#%20', '#a#b', '#<>"'];
function genPath() {
  const n = rnd(4);
  let p = '';
  for (let i = 0; i < n; i++) p += pick(['/', '/', '/', '\\']) + pick(segs);
  return p;
}
function genAbsolute() {
  const s = pick(schemes);
  const style = rnd(10);
  if (style === 0) return `${s}:${pick(segs)}${pick(queries)}${pick(frags)}`;
  if (style === 1) return `${s}:/${genPath()}${pick(queries)}`;
  const slashes = pick(['//', '//', '//', '/', '\\\\', '///', '']);
  return `${pick(['', '', ' ', '\t'])}${s}:${slashes}${pick(userinfos)}${pick(hosts)}${pick(ports)}${genPath()}${pick(queries)}${pick(frags)}${pick(['', '', ' ', '\n'])}`;
}
function genRelative() {
  return pick(['', '//', '/', '?', '#', '../', './', '.', '..', '\\', '//h2', 'g', 'g/h', '/x/../y', 'C|/z', 'http:rel', 'https:', '?only', '#f2', ';x']) + pick(['', genPath(), pick(queries), pick(frags)]);
}
const fields = (u) => [u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash];
// The first 100 cases in full; every case as an FNV-1a hash of its fields (the Result must stay under
// the 64 KiB output limit). On a mismatch, return `full` for all cases to see which field differs.
const fnv = (str) => { let h = 0x811c9dc5; for (let i = 0; i < str.length; i++) { h ^= str.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; } return h.toString(16).padStart(8, '0'); };
const full = [];
let hashes = '';
for (let i = 0; i < 2500; i++) {
  const relative = rnd(3) === 0;
  const input = relative ? genRelative() : genAbsolute();
  const base = relative ? genAbsolute() : (rnd(4) === 0 ? genAbsolute() : undefined);
  let r;
  try {
    r = fields(base === undefined ? new URL(input) : new URL(input, base));
  } catch (e) {
    r = `${e.name}:${e.code}`;
  }
  const row = [input, base === undefined ? null : base, r, URL.canParse(input, base)];
  if (i < 100) full.push(row);
  hashes += fnv(JSON.stringify(row)) + (i % 10 === 9 ? '\n' : ' ');
}
return { full, hashes: hashes.split('\n') };
