// Intl.DisplayNames (language/region/script/currency/calendar/dateTimeField names through ICU, options, errors) matches Node.js.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const D = Intl.DisplayNames;
return [t(() => new D('en', { type: 'language' }).of('fr-CA')), t(() => new D('en', { type: 'language', languageDisplay: 'standard' }).of('fr-CA')), t(() => new D('de', { type: 'region' }).of('US')),
  t(() => new D('en', { type: 'script' }).of('Latn')), t(() => new D('en', { type: 'currency' }).of('EUR')), t(() => new D('en', { type: 'currency', style: 'short' }).of('EUR')),
  t(() => new D('en', { type: 'currency', style: 'narrow' }).of('USD')), t(() => new D('en', { type: 'region' }).of('ZZ')), t(() => new D('en', { type: 'region', fallback: 'none' }).of('XY')),
  t(() => new D('en', { type: 'region' }).of('XY')), t(() => new D('en', { type: 'region' }).of('usa')), t(() => new D('en')), t(() => new D('en', { type: 'x' })), t(() => D('en', { type: 'region' })),
  t(() => new D('en', { type: 'region' }).resolvedOptions()), t(() => new D('en', { type: 'language' }).resolvedOptions()), t(() => new D('en', { type: 'language' }).of('xx')),
  t(() => new D('en', { type: 'language', fallback: 'none' }).of('xx')), t(() => new D('en', { type: 'currency' }).of('ABC')), t(() => new D('en', { type: 'currency' }).of('eur')),
  t(() => new D('en', { type: 'language' }).of('en-u-ca-gregory')), t(() => new D('en', { type: 'language' }).of('zh-Hant')), t(() => new D('en', { type: 'language', style: 'short' }).of('en-US')),
  t(() => new D('en', { type: 'region', style: 'short' }).of('GB')), t(() => new D('en', { type: 'calendar' }).of('gregory')), t(() => new D('en', { type: 'dateTimeField' }).of('year')),
  t(() => new D('en', { type: 'script' }).of('latn')), t(() => new D('en', { type: 'language' }).of('root')), t(() => new D('en', { type: 'language' }).of('en_US')),
  t(() => new D('en', { type: 'language' }).of(5)), D.length, t(() => new D('en', { type: 'region' }).of('419')), t(() => new D(undefined, { type: 'region' }).resolvedOptions().locale),
  t(() => new D('en', {})), t(() => new D('en', 5)), t(() => new D('en', { type: 'region' }).of('us')), t(() => new D('en', { type: 'script' }).of('Latin')), t(() => new D('en', { type: 'currency' }).of('EU')),
  t(() => new D('en', { type: 'dateTimeField' }).of('years')), t(() => new D('en', { type: 'calendar' }).of('gregorian')), t(() => new D('en', { type: 'dateTimeField', style: 'narrow' }).of('weekOfYear')),
  t(() => new D('en', { type: 'calendar', fallback: 'none' }).of('xyzw')), t(() => D.prototype.of.call({}, 'x')), Object.prototype.toString.call(new D('en', { type: 'region' })),
  t(() => D.supportedLocalesOf(['en', 'xx'])), t(() => new D('en', { type: 'language' }).of('EN-us')), t(() => new D('en', { type: 'language' }).of('en-x-priv')),
  t(() => new D('en', { type: 'language' }).of('und')), t(() => new D('ja', { type: 'language' }).of('de-AT')), t(() => new D('fr', { type: 'currency' }).of('JPY')),
  t(() => new D('de', { type: 'dateTimeField', style: 'short' }).of('year')), t(() => new D('zh', { type: 'script' }).of('Hant')), t(() => new D('es', { type: 'region' }).of('DE'))];
