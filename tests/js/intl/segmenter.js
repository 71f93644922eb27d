// Intl.Segmenter (grapheme/word/sentence through ICU break iterators): segments, isWordLike, containing,
// the iterator protocol, resolvedOptions, option errors and brand checks, as Node.js 20 reports them.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const text = 'Hello, world! 👋🏽 café. Ça va? Oui.';
for (const granularity of ['grapheme', 'word', 'sentence']) {
  const s = new Intl.Segmenter('en', { granularity });
  r[granularity] = [...s.segment(text)];
}
r.clusters = [...new Intl.Segmenter().segment('e\u0301🇫🇷👨‍👩‍👧 g̈')].map((x) => x.segment);
r.japanese = [...new Intl.Segmenter('ja', { granularity: 'word' }).segment('今日は良い天気です。')].map((x) => [x.segment, x.isWordLike]);
r.german = [...new Intl.Segmenter('de', { granularity: 'word' }).segment('Straße 3,5 km — ok')].filter((x) => x.isWordLike).map((x) => x.segment);
const segs = new Intl.Segmenter('en', { granularity: 'word' }).segment('one two  three');
r.containing = [0, 3, 4, 7, 8, 13, 14, -1, 2.9, '5', NaN, Infinity].map((i) => segs.containing(i) ?? null);
r.containingDefault = segs.containing();
const it = segs[Symbol.iterator]();
r.iter = [it.next(), it.next(), it.next(), it.next(), it.next(), it.next(), it.next()];
r.twice = [[...segs].length, [...segs].length];
r.empty = [[...new Intl.Segmenter().segment('')], new Intl.Segmenter().segment('').containing(0) ?? null];
r.coerced = new Intl.Segmenter().segment(12345).containing(2);
r.resolved = [new Intl.Segmenter().resolvedOptions(), new Intl.Segmenter('fr-FR', { granularity: 'sentence' }).resolvedOptions(),
  new Intl.Segmenter(['xx', 'de'], { granularity: 'word' }).resolvedOptions()];
r.tags = [Object.prototype.toString.call(new Intl.Segmenter()), Object.prototype.toString.call(segs), Object.prototype.toString.call(it)];
r.shape = [Intl.Segmenter.length, Intl.Segmenter.prototype.segment.length, segs.containing.length,
  Object.getOwnPropertyNames(Intl.Segmenter.prototype), Object.getOwnPropertyNames(Object.getPrototypeOf(segs)),
  Object.getOwnPropertyNames(Object.getPrototypeOf(it)),
  Object.getPrototypeOf(Object.getPrototypeOf(it)) === Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())),
  typeof it[Symbol.iterator], Object.getPrototypeOf(segs)[Symbol.iterator].name];
r.errors = [
  t(() => new Intl.Segmenter('en', { granularity: 'line' })),
  t(() => Intl.Segmenter()),
  t(() => Intl.Segmenter.prototype.segment.call({}, 'x')),
  t(() => Object.getPrototypeOf(segs).containing.call({}, 0)),
  t(() => Object.getPrototypeOf(it).next.call({})),
  t(() => new Intl.Segmenter('en', { localeMatcher: 'nope' })),
];
r.supported = Intl.Segmenter.supportedLocalesOf(['en', 'ja-JP', 'de']);
class MySeg extends Intl.Segmenter {}
r.subclass = [new MySeg('en') instanceof MySeg, [...new MySeg('en', { granularity: 'word' }).segment('a b')].length];
let words = 0;
for (const { isWordLike } of new Intl.Segmenter('en', { granularity: 'word' }).segment('The quick brown fox jumps over the lazy dog.')) if (isWordLike) words++;
r.wordCount = words;
return r;
