// Intl.NumberFormat formatRange/formatRangeToParts and Intl.PluralRules selectRange match Node.js (ICU range formatting).
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const nf = new Intl.NumberFormat('en-US');
return [t(() => nf.formatRange(5, 1)), t(() => nf.formatRange(undefined, 1)), t(() => nf.formatRange(NaN, 1)), t(() => nf.formatRange(1, 1)), t(() => nf.formatRange(1n, '2.5')),
 t(() => nf.formatRangeToParts(1, 1)), t(() => nf.formatRangeToParts(3, 5)), t(() => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).formatRangeToParts(3, 5)),
 t(() => new Intl.PluralRules('en').selectRange(1, 2)), t(() => new Intl.PluralRules('fr').selectRange(0, 1)), t(() => new Intl.PluralRules('en').selectRange(NaN, 1)),
 t(() => new Intl.PluralRules('en').selectRange(1)), t(() => nf.formatRange(1)), t(() => new Intl.NumberFormat('de', { style: 'unit', unit: 'kilometer' }).formatRange(3.5, 7)),
 t(() => new Intl.NumberFormat('ja', { style: 'percent' }).formatRangeToParts(0.1, 0.25)), t(() => new Intl.NumberFormat('en', { notation: 'compact' }).formatRange(1200, 1500000)),
 t(() => new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).formatRange(2.9, 3.1)), t(() => new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).formatRange(-5, 5)),
 t(() => new Intl.NumberFormat('en', { style: 'unit', unit: 'percent' }).formatRangeToParts(1, 2)), t(() => new Intl.PluralRules('ru').selectRange(1, 5)), t(() => new Intl.PluralRules('en', {type: 'ordinal'}).selectRange(1, 2)),
 t(() => new Intl.NumberFormat('ar-EG').formatRange(1, 10)), t(() => new Intl.NumberFormat('en', { signDisplay: 'always' }).formatRange(-1, 1)), t(() => Intl.NumberFormat.prototype.formatRange.call({}, 1, 2))];
