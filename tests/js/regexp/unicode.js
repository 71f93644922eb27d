// The u and v flags, Unicode escapes and property escapes, case-insensitive matching.
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
t('astralDot', () => ['😀'.match(/./g).length, '😀'.match(/./gu).length, '😀x'.match(/^.x$/u) !== null]);
t('codePointEscape', () => [/\u{1F600}/u.test('😀'), /^\u{61}$/u.test('a'), /\u{61}/.test('u'.repeat(61))]);
t('surrogatePairEscape', () => [/^\uD83D\uDE00$/u.test('😀'), /\uD83D/u.test('😀'), /\uD83D/.test('😀')]);
t('astralClass', () => ['a😀b'.replace(/[😀]/u, '_'), 'a😀b'.replace(/[😀]/g, '_'), /^[😀-😂]$/u.test('😁')]);
t('emptyMatchesUnicode', () => ['😀😀'.split(/(?:)/u), '😀😀'.split(''), '😀x'.replace(/(?:)/gu, '-')]);
t('lastIndexInsidePair', () => { const r = /./gu; r.lastIndex = 1; const m = r.exec('😀x'); return [m.index, m[0], r.lastIndex]; });
t('generalCategory', () => ['aBc1ß'.match(/\p{Lu}/gu), 'aBc1'.match(/\p{Ll}/gu), 'x1٣'.match(/\p{Nd}/gu), 'a.b,c'.match(/\p{P}/gu), /\p{L}/u.test('中'), /\P{L}/u.test('中'), /\p{General_Category=Letter}/u.test('ж'), /\p{gc=Decimal_Number}/u.test('5')]);
t('scripts', () => ['αβγ abc'.match(/\p{Script=Greek}/gu).join(''), /\p{sc=Cyrl}/u.test('д'), /\p{Script_Extensions=Latin}/u.test('a'), /\p{scx=Hira}/u.test('ー'), 'Привет мир'.match(/\p{Script=Cyrillic}+/gu)]);
t('binaryProps', () => [/\p{Alphabetic}/u.test('é'), /\p{White_Space}/u.test('\u2003'), /\p{Emoji}/u.test('😀'), /\p{ASCII}/u.test('~'), /\p{ASCII}/u.test('é'), /\p{Any}/u.test('\n'), /\p{Assigned}/u.test('a'), /\P{Assigned}/u.test('\u0378'), /\p{Uppercase}/u.test('A'), /\p{ID_Start}/u.test('1')]);
t('propsInClasses', () => ['a1-B_'.match(/[\p{L}\d]/gu), 'abc1'.match(/[^\p{L}]/gu), /[\P{L}]/u.test('a')]);
t('propertyNonUnicodeIsLiteral', () => [/\p{L}/.test('p{L}'), /\P/.test('P')]);
t('ignoreCaseAscii', () => ['aAbB'.match(/a/gi), /[a-z]+/i.exec('HeLLo')[0], /[^a-z]/i.test('Q')]);
t('ignoreCaseNonAscii', () => [/é/i.test('É'), /ß/i.test('ẞ'), /ß/iu.test('ẞ'), /ω/i.test('Ω'), /Ω/i.test('\u2126'), /\u2126/iu.test('ω')]);
t('ignoreCaseSpecialNonUnicode', () => [/s/i.test('\u017f'), /k/i.test('\u212a'), /\u017f/i.test('S'), /[a-z]/i.test('\u212a'), /i/i.test('\u0130'), /i/i.test('\u0131')]);
t('ignoreCaseSpecialUnicode', () => [/s/iu.test('\u017f'), /k/iu.test('\u212a'), /[a-z]/iu.test('\u212a'), /i/iu.test('\u0130'), /\w/iu.test('\u017f'), /\W/iu.test('\u017f'), /[\W]/iu.test('S'), /\u{10400}/iu.test('\u{10428}')]);
t('ignoreCaseProps', () => [/\p{Lu}/iu.test('a'), /\p{Ll}/iu.test('A'), /[^\p{Lu}]/iu.test('a'), /\P{Lu}/iu.test('A')]);
t('ignoreCaseRanges', () => ['ÀÉÎõü'.match(/[à-ÿ]/gi).length, 'ΑΒΓ'.match(/[α-ω]+/i)[0], /[\u00e0-\u00e5]/i.test('\u00c5')]);
t('unicodeWordBoundaryIgnoreCase', () => ['\u017f'.replace(/\b/giu, '|'), 'a\u212ab'.match(/\w+/giu)[0]]);
t('vFlagBasics', () => [/[\p{L}--[a-z]]/v.test('a'), /[\p{L}--[a-z]]/v.test('Z'), /[[a-z]&&[aeiou]]/v.test('e'), /[[a-z]&&[aeiou]]/v.test('b'), /[\d--5]/v.test('5'), /[\d--5]/v.test('6')]);
t('vFlagNested', () => ['a1-b'.match(/[[a-c][0-9]]/gv), /[^[a-z]]/v.test('a'), /[\p{Lu}&&\p{Script=Greek}]/v.test('Σ'), /[\p{Lu}&&\p{Script=Greek}]/v.test('σ'), /[\p{Lu}--\p{Script=Latin}]/v.test('A')]);
t('vFlagStrings', () => ['abcd'.match(/[\q{abc|a}]/v)[0], 'xyz'.match(/[\q{yz|x}x]/gv), /^[\q{}]$/v.test('')]);
t('vFlagIgnoreCase', () => [/[[a-z]--[b]]/vi.test('B'), /[[a-z]--[b]]/vi.test('C'), /[\p{Lu}--[A-Z]]/vi.test('é')]);
t('vFlagEscapes', () => [/[\-]/v.test('-'), /[\&\!]/v.test('!'), /[a\]]/v.test(']')]);
t('unicodeEscapesInNames', () => /(?<\u{1d4d1}>.)/u.exec('x').groups['\u{1d4d1}']);
t('caseFoldingAllAsciiLetters', () => { let bad = 0; for (let c = 0; c < 128; c++) { const ch = String.fromCharCode(c); const up = ch.toUpperCase(); if (new RegExp(ch.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), 'i').test(up) !== true) bad++; } return bad; });
return out;
