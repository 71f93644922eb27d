// A long valid tag (over ICU's ULOC_FULLNAME_CAPACITY as a locale ID) resolves
const t = 'en-US-u-ca-gregory-co-phonebk-hc-h23-kf-upper-kn-nu-latn-fw-mon-ms-metric-rg-uszzzz-sd-usca-tz-usnyc-cu-usd-em-text-lb-strict-lw-normal-ss-none';
return [t.length, new Intl.DateTimeFormat(t).resolvedOptions().locale, Intl.getCanonicalLocales(t)[0], new Intl.Locale(t).toString().length, new Intl.NumberFormat(t + '-x-' + 'abcdefgh-'.repeat(40) + 'z').resolvedOptions().locale];
