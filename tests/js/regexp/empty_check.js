// Quantified groups that can match empty: ECMA-262 §22.2.2.3.1 RepeatMatcher fails an optional
// iteration that matched the empty string (the empty-check), with captures and empty alternatives
// (the backtracking matcher, vm/regexp/backtrack.h).
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
const show = (m) => (m === null ? null : { all: [...m], index: m.index, groups: m.groups, indices: m.indices });
t('exec', () => [/(a*)*/.exec('b'), /(a*)*/.exec('aab'), /(a*)+/.exec('b'), /(a*)*b/.exec('aab'), /(a|)*/.exec('aa')].map(show));
t('emptyAlternative', () => [/(?:|a)*/.exec('aaa'), /(?:|a)+/.exec('aaa'), /(?:|a)*?b/.exec('aab'), /(?:|.{0,2})*../.exec('abcde')].map(show));
t('captureOfLastIteration', () => [/(a?)*?b/.exec('ab'), /(?:(a?)b?)*c/.exec('abac'), /((a)|b?)+/.exec('ab')].map(show));
t('assertionsInside', () => [/(?:^|,)*x/.exec(',,x'), /(?:\b)+a/.exec('a'), /(?:(?=a))*a/.exec('a')].map(show));
t('lazyEmpty', () => [/(a*?)*?$/.exec('aa'), /(a*?)+c/.exec('aac')].map(show));
t('counted', () => [/(a*){2,3}/.exec('aa'), /(a?){3}b/.exec('ab'), /(a*){0,2}?b/.exec('aab')].map(show));
t('named', () => show(/(?<w>\w*)*!/d.exec('ab!')));
t('backref', () => [/(a*)*\1b/.exec('aab'), /(?:(a)|\1)*x/.exec('aax')].map(show));
t('caseInsensitive', () => show(/(?:(s*)|k)+/i.exec('ſSsK')));
t('unicode', () => show(/(\p{L}*)*\d/u.exec('\u00e9\u03c9\u{1D400}9')));
t('match', () => ['aXbaaX'.match(/(a*)*X/g), 'b'.match(/(a*)*/)]);
t('matchAll', () => [...'aab-b'.matchAll(/(a*)*b/g)].map(show));
t('replace', () => ['aab ab b'.replace(/(a*)*b/g, '<$1>'), 'xyz'.replace(/(?:|y)*/g, '-')]);
t('split', () => ['a1aa2b'.split(/(a*)*\d/), 'abc'.split(/(?:|b)*/)]);
t('search', () => ['xxaab'.search(/(a*)*b/), ''.search(/(a*)*/)]);
t('sticky', () => {
  const r = /(a*)*b/y;
  r.lastIndex = 2;
  return [show(r.exec('xxaab')), r.lastIndex, show(r.exec('xxaab')), r.lastIndex];
});
return out;
