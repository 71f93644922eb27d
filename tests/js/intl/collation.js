// Intl.Collator collations (the -u-co- keyword and the collation option, ECMA-402 §10.1.1, as V8 11 resolves them), and available locales without scripts
const words = ['Ärger', 'Aerger', 'Zebra', 'Äpfel', 'Apfel', 'Muller', 'Müller', 'Mueller', 'chico', 'cosa', 'llama', 'luz', 'lz', 'ch', 'c', 'd', '中', '国', '人', '大', '😀', 'a', '😺', 'Ø', 'ø', 'Œ'];
const out = {};
const cases = [
  ['de-u-co-phonebk'], ['de', { collation: 'phonebk' }], ['de-u-co-phonebk', { collation: 'eor' }],
  ['en-u-co-phonebk'], ['en', { collation: 'phonebk' }], ['es-u-co-trad'], ['es', { collation: 'trad' }],
  ['zh-u-co-pinyin'], ['zh-u-co-stroke'], ['zh-u-co-zhuyin'], ['zh', { collation: 'unihan' }], ['zh-Hant-TW'],
  ['en-u-co-emoji'], ['fr-u-co-eor'], ['de-u-co-standard'], ['de-u-co-search'], ['de', { collation: 'standard' }],
  ['de', { collation: 'search' }], ['ja-u-co-unihan'], ['sv-u-co-trad'], ['sv', { collation: 'reformed' }],
  ['de-u-co-phonebk-kn'], ['de-u-kn-co-phonebk'], ['de-u-co-phonebk', { numeric: true }], ['en-u-co-bogus'],
  ['de', { collation: 'default' }], [['xx', 'de-u-co-phonebk']], ['de-DE-u-co-phonebk', { usage: 'search' }],
];
for (const [loc, opt] of cases) {
  const c = new Intl.Collator(loc, opt);
  const r = c.resolvedOptions();
  out[JSON.stringify([loc, opt])] = [r.locale, r.collation, r.usage, r.numeric, [...words].sort(c.compare).join(' ')];
}
for (const bad of ['ph', 'phonebook!', '', 'abcdefghi', 'a-bc']) {
  try { new Intl.Collator('de', { collation: bad }); out[bad] = 'ok'; } catch (e) { out[bad] = `${e.constructor.name}: ${e.message}`; }
}
out.localeCompare = ['Müller', 'Mueller', 'Muller'].map((w) => 'Mufler'.localeCompare(w, 'de-u-co-phonebk'));
out.sortLocale = ['ä', 'ae', 'af', 'ad'].sort((a, b) => a.localeCompare(b, 'de', { collation: 'phonebk' }));
const r = (l, o) => new Intl.Collator(l, o).resolvedOptions();
out.resolved = [['de-DE'], ['de-DE-u-co-phonebk'], ['de-DE', {usage:'search'}], ['en-US', {usage:'search'}], ['de-u-co-phonebk', {usage:'search'}], ['zh-u-co-pinyin'], ['zh-CN-u-co-pinyin'], ['zh', {collation: 'pinyin'}], ['zh-u-co-unihan', {collation: 'pinyin'}], ['es-MX-u-co-trad'], ['en-US-u-co-emoji-kn-true'], ['de-AT', {collation:'phonebk'}], ['de-u-co-phonebk-kf-upper'], ['de-u-co-phonebk', {collation: 'bogus'}], ['de-u-co-eor', {collation:'phonebk'}], ['de', {usage:'search', collation:'phonebk'}], ['zh-CN-u-co-stroke'], ['zh-TW-u-co-pinyin']].map(([l, o]) => { const x = r(l, o); return [l, o, x.locale, x.collation, x.usage, x.numeric, x.caseFirst]; });
// Available locales include ICU's script-qualified ones without the script ("zh-Hant-TW" answers "zh-TW").
const tags = ['zh-CN', 'zh-TW', 'zh-HK', 'zh-SG', 'zh-MO', 'zh-Hans', 'zh-Hant', 'zh-Hans-CN', 'sr-RS', 'sr-BA', 'sr-Latn', 'sr-Latn-RS', 'uz-UZ', 'pa-IN', 'pa-PK', 'bs-BA', 'az-AZ', 'mn-MN', 'ha-NG', 'yue-HK', 'ks-IN', 'ff-SN', 'ms-Arab', 'az-Latn-AZ', 'de-DE', 'en-GB', 'pt-BR', 'es-MX', 'fr-CA', 'ja-JP', 'ar-EG', 'de-CH', 'sv-FI'];
out.available = tags.map((l) => [l, new Intl.NumberFormat(l).resolvedOptions().locale, new Intl.Collator(l).resolvedOptions().locale, new Intl.PluralRules(l).resolvedOptions().locale, new Intl.ListFormat(l).resolvedOptions().locale]);
out.traditional = [new Intl.RelativeTimeFormat('zh-TW').format(3, 'day'), new Intl.RelativeTimeFormat('zh-CN').format(3, 'day'), new Intl.ListFormat('zh-HK', { type: 'disjunction' }).format(['甲', '乙', '丙'])];
return out;
