// URL and URLSearchParams: getters, setters, live searchParams, errors, IDN hosts, and the Result rules.
const r = {};
const t = (f) => { try { return f(); } catch (e) { return ['threw', e.name, e.message, e.code]; } };
const all = (u) => [u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash];
r.basic = all(new URL('https://user:pw@Example.COM:8080/a/./b/../c?x=1&y=2#frag'));
r.relative = ['../d', '/abs', '?q', '#h', '//other.org/p', 'g;x?y#s', '', '.', 'https:rel', 'mailto:x@y'].map((s) => new URL(s, 'https://h.com/a/b/c?z#w').href);
r.idn = ['http://münchen.de/', 'http://日本.jp', 'http://ÉCOLE.fr', 'http://straße.de', 'http://a.bücher.example/'].map((s) => new URL(s).host);
r.ip = ['http://0x7f.1/', 'http://[::FFFF:192.168.0.1]/', 'http://[1:0:0:0:0:0:0:1]/', 'http://3232235777/', 'http://1.2.3.4.5/'].map((s) => t(() => new URL(s).hostname));
r.errors = [t(() => new URL('nope')), t(() => new URL('/x', 'also-bad')), t(() => new URL('http://a b/')), t(() => new URL()), t(() => URL('http://x/'))];
r.errorProps = t(() => { try { new URL('x', 'y'); } catch (e) { return [e.input, e.base, Object.keys(e)]; } });
r.canParse = [URL.canParse('http://x'), URL.canParse('x'), URL.canParse('x', 'http://y/'), URL.parse('nope'), URL.parse('/p', 'http://h').href];
r.setters = t(() => {
  const u = new URL('http://example.com/path?x=1#h');
  const log = [];
  u.protocol = 'https'; log.push(u.href);
  u.protocol = 'mailto'; log.push(u.href);
  u.username = 'me@x'; u.password = 'p w'; log.push(u.href);
  u.host = 'other.org:81'; log.push(u.href);
  u.hostname = 'third.net'; log.push(u.href);
  u.port = '443'; log.push(u.href);
  u.port = 'abc'; log.push(u.href);
  u.port = '8443x'; log.push(u.href);
  u.port = ''; log.push(u.href);
  u.pathname = '/a b/../c d'; log.push(u.href);
  u.search = 'q=a b&r=ü'; log.push(u.href);
  u.search = ''; log.push(u.href);
  u.hash = 'frag ment'; log.push(u.href);
  u.hash = ''; log.push(u.href);
  u.href = 'ftp://files.example:21/x'; log.push(u.href, u.port, u.origin);
  try { u.href = 'not a url'; } catch (e) { log.push(e.name + ':' + e.message); }
  return log;
});
r.nonSpecialSetters = t(() => {
  const u = new URL('foo://h/p?q#f');
  u.protocol = 'http'; const a = u.href;
  u.host = ''; const b = u.href;
  u.pathname = 'x/y'; const c = u.href;
  const m = new URL('mailto:someone@example.com');
  m.pathname = 'other'; m.host = 'x'; m.port = '1';
  return [a, b, c, m.href, m.pathname];
});
r.fileUrls = ['file:///C:/a/../../b', 'file://localhost/etc/hosts', 'file:c:\\x\\y', 'file://host/share/f'].map((s) => all(new URL(s)));
r.live = t(() => {
  const u = new URL('https://h.com/?a=1&b=2');
  const p = u.searchParams;
  p.append('c', 'x y');
  const s1 = u.href;
  p.delete('a');
  const s2 = u.search;
  u.search = '?z=9&z=8';
  const s3 = [p.get('z'), p.getAll('z'), p.size, p.has('b')];
  p.set('z', '1');
  const s4 = u.href;
  p.delete('z');
  const s5 = u.href;
  u.href = 'https://h.com/?n=1';
  return [s1, s2, s3, s4, s5, p.get('n'), u.searchParams === p];
});
r.params = t(() => {
  const p = new URLSearchParams('?a=1&b=2&a=3&c&=empty&d=%20x+y%zz&e=%E2%82%AC');
  const out = [[...p], p.toString(), p.get('a'), p.getAll('a'), p.get('missing'), p.has('c'), p.has('a', '3'), p.has('a', '9'), p.size];
  p.delete('a', '1'); out.push(p.toString());
  p.sort(); out.push(p.toString());
  p.set('new', 'v&w=x'); out.push(p.toString());
  return out;
});
r.paramsInit = [
  new URLSearchParams({ a: '1', b: 2, c: null, d: undefined }).toString(),
  new URLSearchParams([['x', 'y'], ['x', 'z']]).toString(),
  new URLSearchParams(new Map([['m', 'n']])).toString(),
  new URLSearchParams(new URLSearchParams('k=v')).toString(),
  new URLSearchParams('').toString(),
  new URLSearchParams().toString(),
  new URLSearchParams(' a=1').toString(),
  new URLSearchParams('a=b=c&&&d==').toString(),
  t(() => new URLSearchParams([['only-one']])),
  t(() => new URLSearchParams([1])),
];
r.encoding = new URLSearchParams({ s: " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~é€😀" }).toString();
r.iteration = t(() => {
  const p = new URLSearchParams('a=1&b=2&c=3');
  const seen = [];
  for (const [k, v] of p) { seen.push(k + v); if (k === 'a') p.delete('b'); }
  const it = p.keys();
  return [seen, [...p.values()], [...p.entries()], it.next(), Object.prototype.toString.call(it), typeof it[Symbol.iterator], [...it]];
});
r.forEach = t(() => { const out = []; new URLSearchParams('x=1&y=2').forEach(function (v, k, o) { out.push([k, v, o instanceof URLSearchParams, this.tag]); }, { tag: 't' }); return out; });
r.shape = [Object.keys(new URL('http://x')), JSON.stringify(new URL('http://x/y')), String(new URL('http://x/y')), Object.prototype.toString.call(new URL('http://x')),
  Object.prototype.toString.call(new URLSearchParams()), typeof URL, URL.name, URL.length, URLSearchParams.length,
  Object.keys(URL.prototype).length, Object.keys(URLSearchParams.prototype)];
r.brand = [t(() => URL.prototype.href), t(() => URLSearchParams.prototype.get.call({}, 'a')), t(() => new URLSearchParams().append('a'))];
r.surrogates = [new URL('http://x/\ud800').pathname, new URLSearchParams('a=\udc00').get('a'), new URLSearchParams({ k: '\ud83d' }).toString()];
r.resultUrl = new URL('https://h.com/x?y#z');
r.resultParams = new URLSearchParams('a=1');
r.resultNested = { u: new URL('http://n/'), list: [new URL('/q', 'http://n/')] };
r.stringify = JSON.stringify({ u: new URL('http://s/') });
return r;
