// Function replacers over a built-in RegExp: arguments (match, captures, position, input, groups), empty
// matches with and without u, sticky and non-global forms, and what the replacer can observe or change
// (lastIndex, the RegExp itself) while the replacement runs — the spec collects every match first.
const r = {};
const log = [];
r.args = 'a1b22c333'.replace(/([a-z])(\d+)/g, (...a) => { log.push(a); return `<${a[1]}${a[2].length}>`; });
r.log = log;
r.named = '2024-01-15 and 2025-12-31'.replace(/(?<y>\d{4})-(?<m>\d\d)-(?<d>\d\d)/g, (m, y, mo, d, pos, s, g) => `${g.d}/${g.m}/${g.y}@${pos}:${Object.keys(g)}`);
r.optional = 'ab a'.replace(/a(b)?/g, (m, b, pos) => `[${m}|${b === undefined ? 'undef' : b}|${pos}]`);
r.empty = 'abc'.replace(/x*/g, (m, pos) => `(${pos})`);
r.emptyUnicode = '😀é'.replace(/(?:)/gu, (m, pos) => `${pos},`);
r.emptyNoUnicode = '😀'.replace(/(?:)/g, (m, pos) => `${pos},`);
r.sticky = 'aaXaa'.replace(/a/y, () => 'b');
r.stickyGlobal = 'aaXaa'.replace(/a/gy, () => 'b');
r.nonGlobal = 'x1x2'.replace(/\d/, (m) => m * 10);
{
  const re = /o/g;
  const seen = [];
  const out = 'foo boo'.replace(re, (m, pos) => { seen.push(re.lastIndex); re.lastIndex = 100; return pos; });
  r.lastIndex = [out, seen, re.lastIndex];
}
{
  const re = /\d/g;
  const out = 'a1b2c3'.replace(re, (m) => { re.exec = () => null; return `#${m}`; });
  r.execChangedInReplacer = out;
}
{
  const re = /b/g;
  const out = 'abcb'.replace(re, function () { return typeof this; });
  r.thisValue = out;
}
r.replaceAll = 'a.b.c'.replaceAll(/\./g, (m, p) => `[${p}]`);
r.many = (() => { let n = 0; const s = 'x y z '.repeat(20000).replace(/\s+/g, () => { n++; return '_'; }); return [n, s.length, s.slice(0, 12)]; })();
r.manyString = (() => { let n = 0; const s = 'ab'.repeat(30000).replaceAll('a', (m, p) => { n++; return p % 7 ? 'A' : ''; }); return [n, s.length, s.slice(0, 9)]; })();
r.returnsObject = 'ab'.replace(/a/g, () => ({ toString() { return 'T'; } }));
r.throws = (() => { try { 'aaa'.replace(/a/g, (m, p) => { if (p === 1) throw new Error('stop at ' + p); return 'x'; }); } catch (e) { return e.message; } })();
class R2 extends RegExp {}
r.subclass = 'a1a2'.replace(new R2('\\d', 'g'), (m) => m + m);
return r;
