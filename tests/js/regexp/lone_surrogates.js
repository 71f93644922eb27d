// u/v patterns matched against strings with unpaired surrogates: a lone surrogate is one code point
// (ECMA-262 §22.2.2 with the input as code points; PCRE2 needs well-formed UTF-16, so these run on
// the backtracking matcher, vm/regexp/backtrack.h).
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
const show = (m) => (m === null ? null : { all: [...m], index: m.index, groups: m.groups, indices: m.indices });
const lone = 'a\ud800b\udc00c\ud83d\ude00';
t('dot', () => [/./u.exec('\ud800'), /^.$/u.test('\udc00'), lone.match(/./gu)].map((x) => JSON.stringify(x)));
t('classes', () => [lone.match(/[^a-c]/gu), lone.match(/\W/gu), lone.match(/[\ud800-\udfff]/gu)].map((x) => JSON.stringify(x)));
t('literal', () => [/\ud800/u.test(lone), /\udc00c/u.exec(lone).index, /\ud83d/u.test('\ud83d\ude00'), /\ude00/u.test('\ud83d\ude00')]);
t('exec', () => JSON.stringify(show(/(\ud800)(b)(.)/ud.exec(lone))));
t('lastIndex', () => {
  const r = /./gu;
  const seen = [];
  let m;
  while ((m = r.exec('\ud83d\ude00\ud800x\udc00')) !== null) seen.push([m.index, r.lastIndex, m[0].length]);
  return seen;
});
t('insidePair', () => { const r = /\ude00/uy; r.lastIndex = 1; return [r.test('\ud83d\ude00'), r.lastIndex]; });
t('replace', () => JSON.stringify([lone.replace(/[\ud800\udc00]/gu, '?'), '\ud800\ud800'.replace(/\ud800$/u, '!')]));
t('split', () => JSON.stringify(['x\ud800y\ud800'.split(/\ud800/u), 'a\udc00b'.split(/(?:)/u)]));
t('matchAll', () => [...'\ud800a\ud800'.matchAll(/\ud800(a)?/gu)].map((m) => [m.index, m[1]]));
t('search', () => ['ab\udc00'.search(/\udc00/u), 'ab\udc00'.search(/\p{L}\udc00/u)]);
t('properties', () => [/\p{L}/u.test('\ud800'), /\P{L}/u.test('\ud800'), /\p{Cs}/u.test('\ud800'), /[^\p{L}]/u.test('\udc00')]);
t('caseInsensitive', () => [/\ud800/ui.test('\ud800'), /A\udc00/ui.test('a\udc00')]);
t('vMode', () => [/[\p{L}--[a-z]]/v.test('\ud800'), /[^a]/v.test('\udfff'), /[\q{}a]|./v.exec('\ud800')[0].length]);
t('test', () => [/^\S+$/u.test('\ud800\udc00'), /^\S{2}$/u.test('\udc00\ud800')]);
return out;
