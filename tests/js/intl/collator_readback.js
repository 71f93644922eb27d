// Collator: ignorePunctuation read back from ICU (Thai), collation option case
const r = (l, o) => { const x = new Intl.Collator(l, o).resolvedOptions(); return [x.locale, x.collation, x.ignorePunctuation]; };
const words = ['a-b', 'ab', 'a b', 'a.c', 'ac', 'ก-ข', 'กข'];
return [r('th'), r('th', { ignorePunctuation: false }), r('th', { ignorePunctuation: true }), r('en'), r('en', { ignorePunctuation: true }), r('de', { collation: 'Phonebk' }), r('es', { collation: 'TRAD' }), r('de-u-co-phonebk', { collation: 'PHONEBK' }),
  [...words].sort(new Intl.Collator('th').compare), [...words].sort(new Intl.Collator('th', { ignorePunctuation: false }).compare), [...words].sort(new Intl.Collator('en').compare)];
