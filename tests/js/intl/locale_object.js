// Intl.Locale: constructor with options, canonical tags, getters, maximize/minimize, errors, Locale objects as locales (Node.js).
const t = (f) => { try { const r = f(); return r instanceof Intl.Locale ? `L:${r}` : r; } catch (e) { return `${e.name}: ${e.message}`; } };
const l = new Intl.Locale('en-latn-us-u-ca-gregory-co-phonebk-hc-h12-kf-upper-kn-nu-arab', { region: 'GB' });
const g = (x) => [x.toString(), x.baseName, x.calendar, x.collation, x.hourCycle, x.caseFirst, x.numeric, x.numberingSystem, x.language, x.script, x.region];
return [g(l), g(new Intl.Locale('de')), g(new Intl.Locale('zh-Hant-TW')), t(() => new Intl.Locale('zh').maximize()), t(() => new Intl.Locale('zh-Hant-TW').minimize()),
  t(() => new Intl.Locale('en', { numeric: true })), t(() => new Intl.Locale('EN-us')), t(() => new Intl.Locale()), t(() => new Intl.Locale(5)), t(() => new Intl.Locale('x')),
  t(() => Intl.Locale('en')), t(() => new Intl.Locale('en', { calendar: 'x' })), t(() => new Intl.Locale('en', { hourCycle: 'h25' })), t(() => new Intl.Locale('en', { region: 'u' })),
  t(() => new Intl.Locale(new Intl.Locale('de-DE'), { language: 'fr' })), t(() => new Intl.Locale('en').numeric), t(() => new Intl.Locale('und').maximize()),
  t(() => JSON.stringify(new Intl.Locale('en'))), Object.prototype.toString.call(new Intl.Locale('en')), t(() => new Intl.Locale('en-u-ca-buddhist').maximize()),
  t(() => new Intl.Locale('sr-Cyrl-RS').minimize()), t(() => new Intl.Locale('en', { numeric: false, caseFirst: 'false', numberingSystem: 'thai' })),
  t(() => new Intl.Locale('ja-JP-u-ca-japanese', { calendar: 'gregory', collation: 'unihan' })), t(() => new Intl.Locale('iw').toString()), t(() => new Intl.Locale('en-US', { script: 'Cyrl' })),
  t(() => new Intl.Locale('en', { language: 'toolongxyz' })), t(() => Intl.Locale.prototype.toString.call({})), t(() => Object.getOwnPropertyDescriptor(Intl.Locale.prototype, 'baseName').get.call(1)),
  Intl.Locale.length, Intl.Locale.name, t(() => new Intl.NumberFormat(new Intl.Locale('de-DE')).format(1234.5)), t(() => Intl.getCanonicalLocales(new Intl.Locale('EN-gb'))),
  t(() => new Intl.Locale("und").language), t(() => new Intl.Locale("mo", { hourCycle: "h25", calendar: "x" })),
  t(() => new Intl.Locale("pt").maximize().region), t(() => new Intl.Locale('ar').maximize().script), t(() => new Intl.Locale('en-Latn-US').minimize()), t(() => new Intl.Locale('es-419').maximize())];
