// String.prototype.split with RegExps (RegExp.prototype[Symbol.split]).
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
t('simple', () => 'a, b,c ,d'.split(/\s*,\s*/));
t('captures', () => 'aXbYc'.split(/(X|Y)/));
t('undefinedCaptures', () => 'a1b2c'.split(/(\d)|(x)/));
t('limit', () => ['a,b,c,d'.split(/,/, 2), 'a,b,c'.split(/(,)/, 2), 'a,b'.split(/,/, 0), 'a,b'.split(/,/, -1), 'a,b,c'.split(/,/, 2.9)]);
t('empty', () => [''.split(/,/), ''.split(/(?:)/), ''.split(/a*/), 'abc'.split(/(?:)/), 'abc'.split(/b*/), 'abc'.split(/(b)*/)]);
t('edges', () => [',a,'.split(/,/), 'aaa'.split(/a/), 'abc'.split(/$/), 'abc'.split(/^/), 'a\nb'.split(/^/m)]);
t('unicode', () => ['a😀b'.split(/(?:)/u), 'a😀b'.split(/(?:)/), '😀😀'.split(/(?=)/u)]);
t('lookaround', () => ['oneTwoThree'.split(/(?=[A-Z])/), 'a1b2'.split(/(?<=\d)/), 'The end. Next; last'.split(/(?<=[.;])\s+/)]);
t('whitespace', () => ['  a  b  '.trim().split(/\s+/), 'a\tb\nc'.split(/\s/)]);
t('stickyAndGlobalFlags', () => ['a,b'.split(/,/y), 'a,b'.split(/,/g), 'a,b,c'.split(/,/gy)]);
t('lastIndexUntouched', () => { const r = /,/g; r.lastIndex = 3; 'a,b'.split(r); return r.lastIndex; });
t('limitObject', () => 'a,b,c'.split(/,/, { valueOf: () => 2 }));
t('csvLine', () => 'x,"y,z",w'.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/));
t('many', () => 'a1'.repeat(20000).split(/\d/).length);
t('words', () => "It's a dog's life, isn't it?".toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g));
return out;
