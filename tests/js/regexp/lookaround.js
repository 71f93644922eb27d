// Lookahead and lookbehind assertions.
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
t('lookahead', () => ['price: 100 USD, 200 EUR'.match(/\d+(?= EUR)/g), 'abc'.match(/a(?=b)/)[0]]);
t('negativeLookahead', () => ['foo1 foo2 bar3'.match(/\b(?!bar)\w+\d/g), /a(?!b)/.test('ab')]);
t('lookbehind', () => ['$10 €20 $30'.match(/(?<=\$)\d+/g), 'abc'.replace(/(?<=a)b/, 'X')]);
t('negativeLookbehind', () => ['$10 €20 $30'.match(/(?<!\$)\b\d+/g), 'xay ay'.match(/(?<!x)a/g).length]);
t('lookbehindAlternatives', () => 'a1 bb2 c3'.match(/(?<=a|bb)\d/g));
t('lookbehindCapture', () => /(?<=(\d)(\d))x/.exec('12x').slice(1));
t('lookbehindAtStart', () => ['ab'.match(/(?<=^)a/)[0], 'ab'.match(/(?<=^a)b/)[0]]);
t('lookbehindWithLastIndex', () => { const r = /(?<=^a)b/g; r.lastIndex = 1; return [r.test('ab'), r.lastIndex]; });
t('lookaheadCaptures', () => /(?=(\w+))\w/.exec('abc').slice(0));
t('negativeLookaheadCaptureUndefined', () => /(?!(a)b)a/.exec('ac')[1] === undefined);
t('quantifiedLookaheadAnnexB', () => [/(?=a)*/.test(''), /(?=a){2}a/.test('a')]);
t('wordBoundaryInLookbehind', () => 'one two'.replace(/(?<=\b)\w/g, (c) => c.toUpperCase()));
t('thousands', () => '1234567.891'.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
t('passwordCheck', () => ['Abcdef1!', 'abcdef', 'ABCDEFG1'].map((p) => /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/.test(p)));
return out;
