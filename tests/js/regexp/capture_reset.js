// Repeated groups whose captures a later iteration leaves unset: ECMA-262 §22.2.2.3.1 RepeatMatcher
// resets a quantified group's captures at every iteration (PCRE2 keeps the last value, so these
// run on the backtracking matcher, vm/regexp/backtrack.h).
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
const show = (m) => (m === null ? null : { all: [...m], index: m.index, groups: m.groups, indices: m.indices });
t('exec', () => [/(?:(a)|b)+/.exec('ab'), /(?:(a)|(b))+/.exec('abba'), /(z)((a+)?(b+)?(c))*/.exec('zaacbbbcac')].map(show));
t('lazy', () => [/(?:(a)|b)+?c/.exec('abac'), /(?:(a)|b){2,}?/.exec('bab')].map(show));
t('counted', () => [/(?:(x)|y){3}/.exec('xyy'), /(?:(x)|y){1,2}z/.exec('xyz')].map(show));
t('named', () => show(/(?:(?<x>x)|(?<y>y))+/d.exec('-xyx-yy')));
t('nested', () => show(/((a)|(b))+/.exec('aab')));
t('backrefToReset', () => [/(?:(a)|b\1)+/.exec('aba'), /(?:(a)|b)+\1/.exec('abb'), /(?:(a)|b)+\1c/.exec('abc')].map(show));
t('caseInsensitive', () => show(/(?:(k)|s)+/i.exec('KſK\u212aS')));
// A backreference in a later iteration sees the group unset until this iteration sets it.
t('backrefInRepeat', () => [/(a\1?){2}/.exec('aaa'), /\w([ab]{0,2}\1){2}/.exec('ab'), /(?:(a)\1?){2}/.exec('aaa')].map(show));
// Without u/v, case-insensitive backreferences compare by toUpperCase: K and U+212A differ, and so
// do s and U+017F.
t('caseInsensitiveBackref', () => [/\1(\w{0,2})\b\1s/i.exec('kK\u212asſS'), /(k)\1/i.exec('k\u212a kK'), /(s)\1/i.exec('sſ sS'), /(k)\1/iu.exec('k\u212a')].map(show));
t('multilineDotAll', () => show(/^(?:(a)|.)+$/ms.exec('x\nab\nb')));
t('unicode', () => show(/(?:(\u{1F600})|x)+/u.exec('\u{1F600}xx')));
t('test', () => [/(?:(a)|b)+c/.test('abbc'), /^(?:(a)|b)+$/.test('abx')]);
t('match', () => ['abab'.match(/(?:(a)|b)+/), 'ab ba'.match(/(?:(a)|b)+/g)]);
t('matchAll', () => [...'ab-ba-bb'.matchAll(/(?:(a)|b)+/g)].map(show));
t('replace', () => ['ab ba bb'.replace(/(?:(a)|b)+/g, '[$1]'), 'ab'.replace(/(?:(a)|b)+/, (m, a) => String(a))]);
t('split', () => ['1ab2ba3'.split(/(?:(a)|b)+/), 'xayaz'.split(/(?:(a)|y)+/, 2)]);
t('search', () => ['xxab'.search(/(?:(a)|b)+/), 'xx'.search(/(?:(a)|b)+/)]);
t('stickyGlobal', () => {
  const r = /(?:(a)|b)+/y;
  r.lastIndex = 1;
  const first = show(r.exec('xab'));
  const g = /(?:(a)|b)+/g;
  const seen = [];
  let m;
  while ((m = g.exec('ab-b-a')) !== null) seen.push([m[0], m[1], g.lastIndex]);
  return [first, r.lastIndex, seen];
});
t('indices', () => show(/(?:(a)|(b))+/d.exec('zabz')));
return out;
