// String.prototype.replace / replaceAll with RegExps: replacement patterns and function replacers.
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
t('firstOnly', () => 'aaa'.replace(/a/, 'b'));
t('global', () => 'aaa'.replace(/a/g, 'b'));
t('patterns', () => 'John Smith'.replace(/(\w+)\s(\w+)/, '$2, $1 [$&] <$`|$\'> $$ $0 $3 $'));
t('prefixSuffix', () => 'abcde'.replace(/c/, "[$`|$']"));
t('twoDigit', () => 'abcdefghijk'.replace(/(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)/, '$11-$10-$1$0-$01-$011-$100'));
t('twoDigitTooFew', () => 'ab'.replace(/(a)(b)/, '$11|$21|$3'));
t('named', () => '2024-05-01'.replace(/(?<y>\d+)-(?<m>\d+)-(?<d>\d+)/, '$<d>.$<m>.$<y> $<nope>| $<y'));
t('namedWithoutGroups', () => 'abc'.replace(/b/, '$<x>'));
t('emptyGlobal', () => ['abc'.replace(/(?:)/g, '-'), 'abc'.replace(/x*/g, '-'), ''.replace(/(?:)/g, 'E')]);
t('fnArgs', () => { const calls = []; const r = 'a1b22'.replace(/(\d)(\d)?/g, (...args) => { calls.push(args); return '#'; }); return [r, calls]; });
t('fnNamed', () => 'x=1,y=2'.replace(/(?<k>\w)=(?<v>\d)/g, (m, k, v, off, s, groups) => `${groups.v}${groups.k}@${off}`));
t('fnReturnsNonString', () => 'a-b'.replace(/\w/g, (c) => (c === 'a' ? 1 : { toString: () => 'B' })));
t('fnThisUndefined', () => 'a'.replace(/a/, function () { return String(this); }));
t('replaceAll', () => ['a.b.c'.replaceAll(/\./g, '/'), 'aaa'.replaceAll(/a/g, (m, i) => i)]);
t('replaceAllNonGlobal', () => 'a'.replaceAll(/a/, 'b'));
t('replaceAllString', () => ['a.b.c'.replaceAll('.', '$&$&'), 'xx'.replaceAll('', '-')]);
t('sticky', () => ['aab'.replace(/a/y, 'X'), 'baa'.replace(/a/y, 'X'), 'aaba'.replace(/a/gy, 'X')]);
t('stickyLastIndex', () => { const r = /a/y; r.lastIndex = 1; const s = 'aab'.replace(r, 'X'); return [s, r.lastIndex]; });
t('nonGlobalKeepsLastIndex', () => { const r = /a/; r.lastIndex = 3; 'aa'.replace(r, 'b'); return r.lastIndex; });
t('globalResetsLastIndex', () => { const r = /a/g; r.lastIndex = 3; const s = 'aa'.replace(r, 'b'); return [s, r.lastIndex]; });
t('ignoreCase', () => 'Hello HELLO hello'.replace(/hello/gi, 'hi'));
t('multiline', () => 'a\nb\nc'.replace(/^/gm, '> '));
t('unicodeEmpty', () => '😀'.replace(/(?:)/gu, '|'));
t('dollarInFnResult', () => 'abc'.replace(/b/, () => '$&'));
t('captureUndefinedInPattern', () => 'ac'.replace(/a(b)?c/, '[$1]'));
t('trim', () => '  x  y  '.replace(/^\s+|\s+$/g, ''));
t('collapse', () => 'a   b \t\n c'.replace(/\s+/g, ' '));
t('camel', () => 'foo-bar-baz'.replace(/-(\w)/g, (_, c) => c.toUpperCase()));
t('escapeHtml', () => '<a href="x">&</a>'.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]));
t('template', () => 'Hi {{ name }}, {{x}}!'.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k) => ({ name: 'Ann' })[k] ?? m));
t('symbolReplaceObject', () => 'abc'.replace({ [Symbol.replace]: (s, r) => `${s}:${r}` }, 'R'));
t('longReplace', () => 'ab'.repeat(20000).replace(/a/g, 'xy').length);
return out;
