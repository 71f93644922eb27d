// RegExp basics: literals, constructor, exec/test, flags, source, toString, lastIndex with g and y.
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
const show = (m) => (m === null ? null : { all: [...m], index: m.index, input: m.input, groups: m.groups === undefined ? 'none' : { ...m.groups } });

t('literal', () => show(/b+/.exec('abbbc')));
t('ctorString', () => show(new RegExp('c(d)', 'g').exec('abcdcd')));
t('ctorNoNew', () => RegExp('x').test('yxz'));
t('ctorUndefined', () => [new RegExp().source, new RegExp(undefined).source, String(new RegExp(undefined, undefined))]);
t('ctorNumber', () => String(new RegExp(12, 'g')));
t('ctorFromRegExp', () => { const a = /ab/gi; const b = new RegExp(a); const c = new RegExp(a, 'm'); const d = RegExp(a); return [String(b), String(c), b === a, d === a]; });
t('noMatch', () => /z/.exec('abc'));
t('test', () => [/^\d+$/.test('123'), /^\d+$/.test('12a'), /a/i.test('A')]);
t('flags', () => [/a/dgimsy.flags, /a/v.flags, /a/u.flags, new RegExp('a', 'ygm').flags]);
t('flagGetters', () => { const r = /a/gimsuyd; return [r.global, r.ignoreCase, r.multiline, r.dotAll, r.unicode, r.sticky, r.hasIndices, r.unicodeSets]; });
t('protoGetters', () => [RegExp.prototype.global, RegExp.prototype.source, RegExp.prototype.flags, String(RegExp.prototype)]);
t('source', () => [/a\/b/.source, new RegExp('a/b').source, new RegExp('[/]').source, new RegExp('\n').source, new RegExp('').source, /\//.source]);
t('toString', () => [String(/a+b/g), `${/x/imsy}`, /[/]/.toString()]);
t('lastIndexInitial', () => { const r = /a/g; return [r.lastIndex, Object.getOwnPropertyNames(r), JSON.stringify(Object.getOwnPropertyDescriptor(r, 'lastIndex'))]; });
t('globalExecLoop', () => { const r = /o/g; const s = 'foo boo'; const seen = []; let m; while ((m = r.exec(s)) !== null) seen.push([m.index, r.lastIndex]); return [seen, r.lastIndex]; });
t('nonGlobalIgnoresLastIndex', () => { const r = /o/; r.lastIndex = 5; const m = r.exec('foo'); return [m.index, r.lastIndex]; });
t('sticky', () => { const r = /a/y; const res = []; for (const i of [0, 1, 2, 3]) { r.lastIndex = i; res.push([r.test('aab'), r.lastIndex]); } return res; });
t('stickyGlobal', () => { const r = /\d/gy; return ['12a3'.replace(r, 'x'), '12a3'.match(/\d/gy)]; });
t('lastIndexPastEnd', () => { const r = /a*/g; r.lastIndex = 10; return [r.exec('aaa'), r.lastIndex]; });
t('lastIndexString', () => { const r = /b/g; r.lastIndex = '2'; const m = r.exec('abab'); return [m.index, r.lastIndex]; });
t('lastIndexObject', () => { const r = /b/g; let calls = 0; r.lastIndex = { valueOf() { calls++; return 2; } }; const m = r.exec('abab'); return [m.index, r.lastIndex, calls]; });
t('emptyMatchAdvance', () => { const r = /x*/g; const idx = []; let m; let guard = 0; while ((m = r.exec('axb')) !== null && guard++ < 10) { idx.push(m.index + ':' + m[0]); if (m[0] === '') r.lastIndex++; } return idx; });
t('dot', () => [/a.c/.test('a\nc'), /a.c/s.test('a\nc'), /a.c/.test('a\u2028c'), /a.c/.test('a\rc'), /^.$/.test('😀'), /^.$/u.test('😀')]);
t('anchors', () => [/^b/.test('a\nb'), /^b/m.test('a\nb'), /a$/.test('a\nb'), /a$/m.test('a\nb'), /a$/m.test('a\u2028b'), /^$/.test('')]);
t('anchorsWithLastIndex', () => { const r = /^a/g; r.lastIndex = 1; return [r.test('aa'), r.lastIndex]; });
t('multilineGlobal', () => 'l1\nl2\r\nl3'.match(/^l\d/gm));
t('wordBoundary', () => ['a cat, concat'.match(/\bcat\b/g), 'xyz'.replace(/\B/g, '-'), 'héllo wörld'.match(/\b\w+\b/g)]);
t('classes', () => ['a1_ -Z'.match(/\w/g), ' \t\u00a0\ufeff\u3000x'.match(/\s/g).length, '5a٣'.match(/\d/g), '[]-^'.match(/[\]\-^[]/g), 'abc'.match(/[^b]/g)]);
t('emptyClasses', () => [/[]/.test('a'), /[^]/.test('\n'), /a[^]b/.test('a\nb')]);
t('quantifiers', () => ['aaaa'.match(/a{2}/g), 'aaaaa'.match(/a{2,3}/g), 'aaaa'.match(/a{2,}?/g), 'ab'.match(/a??b/)[0], 'xaaay'.match(/a+?/)[0], 'a{1'.match(/a{1/)[0], 'a{,2}'.match(/a{,2}/)[0]]);
t('alternation', () => ['abc'.match(/b|abc/)[0], 'abc'.match(/x|y|c/)[0], 'ab'.match(/a|ab/)[0]]);
t('controlEscapes', () => [/\cJ/.test('\n'), /\x41/.test('A'), /\u0041/.test('A'), /\0/.test('\0'), /[\b]/.test('\b'), /\t\v\f\r\n/.test('\t\v\f\r\n')]);
t('annexB', () => [/\c/.test('\\c'), /[\c_]/.test('\x1f'), /\1/.test('\x01'), /\8/.test('8'), /\101/.test('A'), /a{/.test('a{'), /}/.test('}'), /]/.test(']'), /\q/.test('q'), /[\d-z]/.test('-')]);
t('instanceof', () => [/a/ instanceof RegExp, Object.prototype.toString.call(/a/), typeof /a/, RegExp.length, RegExp.name, RegExp[Symbol.species] === RegExp]);
t('regexpInResult', () => ({ r: /abc/g, list: [/x/] }));
t('frozenLastIndex', () => { const r = Object.freeze(/a/g); try { r.exec('a'); return 'no error'; } catch (e) { return [e.name, e.message]; } });
t('frozenNonGlobal', () => Object.freeze(/a/).exec('ba').index);
t('longSubject', () => { const s = 'ab'.repeat(50000) + 'c'; return [/c$/.test(s), s.match(/b/g).length, s.replace(/a/g, '').length]; });
return out;
