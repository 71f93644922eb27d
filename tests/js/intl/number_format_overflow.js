// Intl.NumberFormat of decimal strings: exact digits while the Number value is finite, ±∞ once it overflows
// (V8's rule: '1e400' → "∞"), tiny values round to 0; PluralRules.select takes the Number value.
const nf = new Intl.NumberFormat('en', { maximumFractionDigits: 20 });
const inputs = ['1e308', '1.7976931348623157e308', '1.8e308', '2e308', '1e400', '-1e400', '10e308', '0.1e309',
  '1e-400', '-1e-400', '1e-324', '123456789012345678901234567890', '  1e999  ', '-0.0e500'];
const r = {};
r.format = inputs.map((s) => nf.format(s));
r.parts = [nf.formatToParts('1e400'), nf.formatToParts('-2e308')];
r.compact = new Intl.NumberFormat('en', { notation: 'compact' }).format('1e400');
r.currency = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format('-5e400');
r.plural = [new Intl.PluralRules('en').select('1e400'), new Intl.PluralRules('en').select('1')];
return r;
