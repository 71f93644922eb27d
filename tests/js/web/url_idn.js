// Internationalized domain names in URLs: UTS #46 ToASCII as the URL Standard applies it (mapping,
// case folding, width and compatibility forms, ideographic full stops, Punycode, Bidi and ContextJ
// rules, existing "xn--" labels validated), and the hosts it rejects.
const host = (s) => { try { return new URL(s).host; } catch (e) { return `${e.name}: ${e.code}`; } };
const r = {};
r.letters = ['http://münchen.de/', 'http://日本.jp', 'http://ÉCOLE.fr', 'http://straße.de', 'http://a.bücher.example/',
  'http://ПРИМЕР.рф', 'http://παράδειγμα.δοκιμή', 'http://उदाहरण.परीक्षा', 'http://例子.测试', 'http://실례.테스트'].map(host);
r.rtl = ['http://مثال.إختبار', 'http://בדיקה.example', 'http://مثال1.com', 'http://a.مثال', 'http://مثالa.com'].map(host);
r.compat = ['http://ｅｘａｍｐｌｅ．ｃｏｍ', 'http://example。com', 'http://EXAMPLE｡com', 'http://ﬁle.com', 'http://①.com', 'http://x\u00ADy.com', 'http://a\u200Bb.com'].map(host);
r.symbols = ['http://☕.com', 'http://i❤.ws', 'http://♥.example', 'http://🍕.ws', 'http://a→b.com'].map(host);
r.punycode = ['http://xn--mnchen-3ya.de', 'http://XN--MNCHEN-3YA.DE', 'http://xn--nxasmq6b.com', 'http://xn--a.com', 'http://xn--.com',
  'http://xn--zz.com', 'http://xn--ls8h.la', 'http://xn--mnchen-3ya.xn--p1ai', 'http://abc.xn--', 'http://xn--53h.com'].map(host);
r.joiners = ['http://a\u200Cb.com', 'http://\u0915\u094D\u200C\u0937.com', 'http://a\u200Db.com'].map(host);
r.hyphens = ['http://-a.com', 'http://a-.com', 'http://ab--c.com', 'http://-ü.com', 'http://ü-.com', 'http://üb--c.com'].map(host);
r.lengths = ['http://' + 'a'.repeat(64) + '.com', 'http://' + 'ü'.repeat(70) + '.com', 'http://a..b.com', 'http://.ü.com'].map(host);
r.forbidden = ['http://ü<.com', 'http://ü%20.com', 'http://%C3%BC.com', 'http://%FF.com', 'http://ü\u0000.com'].map(host);
r.numeric = ['http://１２７.０.０.１', 'http://０x7f.1', 'http://ü.1', 'http://1.ü'].map(host);
r.other = ['http://Ⅻ.com', 'http://ǅ.com', 'http://ß.com', 'http://ς.com', 'http://İ.com', 'http://\u0301a.com', 'http://a\u0301.com'].map(host);
r.setters = (() => { const u = new URL('http://example.com/p'); u.host = 'bücher.de'; const h1 = u.host; u.hostname = 'ＴＥＳＴ.com'; return [h1, u.host, u.href]; })();
r.canParse = ['http://☕.com', 'http://xn--a.com', 'http://مثال1.com'].map((s) => URL.canParse(s));
r.nonSpecial = ['foo://münchen.de/x', 'foo://xn--a.com/'].map((s) => new URL(s).host);
return r;
