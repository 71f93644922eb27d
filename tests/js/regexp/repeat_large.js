// Repeat counts above 65535 (PCRE2's limit; the backtracking matcher counts them,
// vm/regexp/backtrack.h).
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
const show = (m) => (m === null ? null : { all: [...m], index: m.index, groups: m.groups, indices: m.indices });
const a70k = 'a'.repeat(70000);
t('exact', () => [/a{70000}/.test(a70k), /a{70001}/.test(a70k), /^a{70000}$/.test(a70k)]);
t('ranges', () => [/a{65536,}/.exec(a70k)[0].length, /a{0,99999}/.exec(a70k)[0].length, /a{65536,70000}?/.exec(a70k)[0].length]);
t('group', () => [/(?:ab){65536}/.test('ab'.repeat(65536)), /(?:ab){65537}/.test('ab'.repeat(65536))]);
t('capture', () => { const m = /(b|a){66000}/.exec(a70k + 'b'); return [m.index, m[0].length, m[1]]; });
t('lazy', () => /a{66000,}?/.exec(a70k)[0].length);
t('withCaseInsensitive', () => /A{65540}/i.test('a'.repeat(65540)));
t('replace', () => ('x' + a70k + 'y').replace(/a{65536,}/, '-'));
t('huge', () => [/a{0,4294967295}b/.test('aab'), /x{2147483648,}/.test('x')]);
return out;
