// Variable-length lookbehind, matched backwards (ECMA-262 §22.2.2.4 direction -1), with captures,
// backreferences and quantified captures inside (the backtracking matcher, vm/regexp/backtrack.h).
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
const show = (m) => (m === null ? null : { all: [...m], index: m.index, groups: m.groups, indices: m.indices });
t('variable', () => [/(?<=a+)b/.exec('aab'), /(?<!a+)b/.exec('aab cb'), /(?<=\$\d+(?:\.\d+)?)x/.exec('$12.5x')].map(show));
t('prices', () => 'cost $12.50 and $3 and 7'.match(/(?<=\$\d+(?:\.\d+)?)\b/g));
t('greedyBackwards', () => [/(?<=(\d+)(\d+))$/.exec('1053'), /(?<=(\d+?)(\d+))$/.exec('1053'), /(?<=(a|ab)(b*))c/.exec('abbc')].map(show));
t('backrefInside', () => [/(?<=(a)\1)b/.exec('aab'), /(?<=\1(a))b/.exec('aab'), /(?<=(\w)\1{2})x/.exec('kkkx'), /(?<!(\w)\1)x/.exec('aax bcx')].map(show));
t('backrefCaseInsensitive', () => show(/(?<=(k)\1)x/i.exec('K\u212ax')));
t('repeatedCapturesInside', () => [/(?<=(?:(a)|(b))+)c/.exec('abbc'), /(?<=(\w)+)!/.exec('xyz!'), /(?<=(?:(\d)x)+)$/.exec('1x2x')].map(show));
t('nested', () => [/(?<=(?<=a+)b+)c/.exec('aabbc'), /(?<=(?=b+c)a*)b/.exec('aabbc'), /(?<!(?<!a)b+)c/.exec('xbc abc')].map(show));
t('named', () => show(/(?<=(?<cur>[$€])\s*\d+)\./d.exec('€ 12.5')));
t('anchors', () => [/(?<=^\w+)\s/.exec('ab cd'), /(?<=^|,)\w+/g.exec('x,y'), 'a\nbb\nccc'.match(/(?<=^\w*)\w$/gm)]);
t('unicode', () => [/(?<=\p{Lu}+)\d/u.exec('AB1'), /(?<=\u{1F600}+)x/u.exec('\u{1F600}\u{1F600}x'), /(?<=[\u{1F600}a]{2,})!/u.exec('a\u{1F600}!')].map(show));
t('caseInsensitive', () => show(/(?<=s+)K/i.exec('ſSsk')));
t('lazyInside', () => show(/(?<=(a+?)(a*))b/.exec('aaab')));
t('replace', () => ['a1 aa2 b3'.replace(/(?<=a+)\d/g, '#'), 'x-12 y-345'.replace(/(?<=-\d+)\d/g, (d) => d * 2)]);
t('split', () => 'a,b;;c'.split(/(?<=[,;]+)/));
t('matchAll', () => [...'ab aab b'.matchAll(/(?<=(a+))b/g)].map(show));
t('search', () => ['xxaab'.search(/(?<=a{2,})b/), 'xb'.search(/(?<=a*)b/)]);
// Long runs: a leading lookbehind is not rescanned from positions that cannot start a match.
t('longRuns', () => [/(?<=a+)b/.exec('a'.repeat(100000) + 'b').index, /(?<=(\d+)(\d+))$/.exec('1'.repeat(3000))[2].length, 'x'.repeat(50000).replace(/(?<=x+)y|(?:(x)|y)+/g, '$1').length]);
t('sticky', () => {
  const r = /(?<=a+)b/y;
  r.lastIndex = 2;
  return [r.test('aab'), r.lastIndex, r.test('aab'), r.lastIndex];
});
return out;
