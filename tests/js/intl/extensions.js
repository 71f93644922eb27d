// Locale tags with -t-, other singleton and -x- extensions (dropped by resolution, kept by Intl.Locale), and RelativeTimeFormat numbering systems
const tags = ['en-US-x-private', 'de-t-en', 'en-US-u-nu-arab-x-foo', 'de-DE-t-en-us-u-co-phonebk', 'fr-a-bar', 'ja-JP-t-it-u-ca-japanese', 'en-x-u-nu-arab'];
const out = [];
for (const t of tags) {
  const row = [t];
  for (const C of [Intl.NumberFormat, Intl.Collator, Intl.PluralRules, Intl.ListFormat, Intl.RelativeTimeFormat, Intl.DisplayNames, Intl.Segmenter]) {
    try { row.push(new C(t, C === Intl.DisplayNames ? { type: 'region' } : undefined).resolvedOptions().locale); } catch (e) { row.push(e.message); }
  }
  row.push(Intl.getCanonicalLocales(t)[0], new Intl.Locale(t).baseName, new Intl.Locale(t).toString(), (1234.5).toLocaleString(t), new Intl.NumberFormat(t).format(12345.6));
  out.push(row);
}

const L = (t, o) => { try { const l = new Intl.Locale(t, o); return [l.toString(), l.baseName, l.calendar, l.numberingSystem]; } catch (e) { return e.message; } };
out.push([L('de-t-en', { region: 'AT' }), L('en-x-foo', { calendar: 'buddhist' }), L('ja-t-it-x-a-b', { numberingSystem: 'jpan', hourCycle: 'h23' }), L('sr-Latn-t-ru-u-nu-latn-x-priv', { script: 'Cyrl' }), L('en-a-aaa-b-bbb-u-ca-gregory')]);

for (const [l, o] of [['en-u-nu-arab'], ['en', { numberingSystem: 'thai' }], ['ar-EG'], ['ar-EG-u-nu-latn'], ['fr-u-nu-deva', { style: 'short' }], ['zh-u-nu-hanidec'], ['en-u-nu-fullwide', { numeric: 'auto' }], ['en', { numberingSystem: 'bogus' }], ['hi-IN-u-nu-deva']]) {
  const f = new Intl.RelativeTimeFormat(l, o);
  const r = f.resolvedOptions();
  out.push([l, o, r.locale, r.numberingSystem, f.format(-12345.5, 'day'), f.format(1, 'year'), f.formatToParts(1234, 'hour')]);
}
return out;
