// Intl.Locale locale-info getters (calendars, collations, hourCycles, numberingSystems, textInfo, timeZones, weekInfo) and Intl.supportedValuesOf
// Known CLDR 42 (codemode's ICU 72) vs Node.js 20 data differences are left out by name: zones the
// tz database later merged or added; the locales es-419/es-MX/es-AR (h12 in CLDR 48), ar (default
// numbering system latn in CLDR 48), ar-AE (week starts Monday in CLDR 48), ar-SA (calendar order).
const zoneDiffs = ['America/Ciudad_Juarez', 'America/Coyhaique', 'America/Montreal', 'America/Nipigon',
  'America/Pangnirtung', 'America/Rainy_River', 'America/Santa_Isabel', 'America/Thunder_Bay',
  'America/Yellowknife', 'Asia/Choibalsan', 'Australia/Currie', 'Europe/Uzhgorod', 'Europe/Zaporozhye',
  'Pacific/Johnston'];
const zones = (list) => list === undefined ? list : list.filter((z) => !zoneDiffs.includes(z));
const tags = ['en', 'en-US', 'en-GB', 'en-IN', 'en-AU', 'en-CA', 'en-NZ', 'en-ZA', 'en-IE', 'en-SG',
  'de', 'de-DE', 'de-AT', 'de-CH', 'fr', 'fr-FR', 'fr-CA', 'fr-BE', 'fr-CH', 'es', 'es-ES', 'es-US', 'it-IT', 'pt-BR', 'pt-PT', 'nl-NL', 'nl-BE', 'sv-SE', 'da-DK', 'nb-NO', 'fi-FI',
  'pl-PL', 'cs-CZ', 'sk-SK', 'hu-HU', 'ro-RO', 'bg-BG', 'el-GR', 'tr-TR', 'ru-RU', 'uk-UA', 'he-IL',
  'ar-EG', 'ar-MA', 'fa-IR', 'ur-PK', 'ps-AF', 'hi-IN', 'bn-BD', 'ta-IN', 'th-TH',
  'vi-VN', 'id-ID', 'ms-MY', 'fil-PH', 'ja-JP', 'ko-KR', 'zh', 'zh-CN', 'zh-TW', 'zh-Hant-HK',
  'zh-Hans-SG', 'am-ET', 'sw-KE', 'my-MM', 'km-KH', 'ckb-IQ', 'en-MV', 'und', 'und-Arab',
  'en-u-ca-buddhist-hc-h23', 'de-DE-u-co-phonebk', 'ar-EG-u-nu-latn', 'ja-JP-u-ca-japanese-hc-h11',
  'zh-u-co-pinyin', 'en-US-u-hc-h24', 'sv-u-co-trad', 'th-u-nu-thai'];
const out = {};
for (const tag of tags) {
  const l = new Intl.Locale(tag);
  out[tag] = {
    calendars: l.calendars, collations: l.collations, hourCycles: l.hourCycles,
    numberingSystems: l.numberingSystems, textInfo: l.textInfo, timeZones: zones(l.timeZones),
    weekInfo: l.weekInfo,
  };
}
const withOptions = new Intl.Locale('en-US', { calendar: 'islamic', hourCycle: 'h11', numberingSystem: 'arab', collation: 'emoji' });
out.options = [withOptions.calendars, withOptions.hourCycles, withOptions.numberingSystems, withOptions.collations];
const l = new Intl.Locale('fr-FR');
out.fresh = [l.calendars !== l.calendars, l.weekInfo !== l.weekInfo, Object.keys(l.weekInfo), Object.keys(l.textInfo)];
const d = Object.getOwnPropertyDescriptor(Intl.Locale.prototype, 'weekInfo');
out.descriptor = [typeof d.get, d.set, d.enumerable, d.configurable, d.get.name];
try { d.get.call({}); } catch (e) { out.badReceiver = `${e.constructor.name}: ${e.message}`; }
out.supported = {
  calendar: Intl.supportedValuesOf('calendar'),
  collation: Intl.supportedValuesOf('collation'),
  timeZone: zones(Intl.supportedValuesOf('timeZone')),
  timeZoneCount: zones(Intl.supportedValuesOf('timeZone')).length,
};
try { Intl.supportedValuesOf('calendars'); } catch (e) { out.badKey = `${e.constructor.name}: ${e.message}`; }
return out;
