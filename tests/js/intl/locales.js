// Intl.getCanonicalLocales, Intl.supportedValuesOf, locale resolution and errors.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
return {
  canon: ["EN-us", "en-gb", "de", "ja-jp", "zh-hant-tw", "iw", "sr-latn-rs", "DE-ch-1996", "en-US-posix"].map((x) => t(() => Intl.getCanonicalLocales(x))),
  list: [Intl.getCanonicalLocales(["en-US", "EN-US", "fr"]), Intl.getCanonicalLocales(), Intl.getCanonicalLocales([])],
  errors: ["", "en_US", "x", "123", "en--US", "a-b"].map((x) => t(() => Intl.getCanonicalLocales(x))).concat([t(() => Intl.getCanonicalLocales([1])), t(() => Intl.getCanonicalLocales(null))]),
  values: [Intl.supportedValuesOf("currency").length > 100, Intl.supportedValuesOf("currency").includes("EUR"), Intl.supportedValuesOf("unit"),
    Intl.supportedValuesOf("numberingSystem").includes("latn"), t(() => Intl.supportedValuesOf("x"))],
  tag: Object.prototype.toString.call(Intl), keys: Object.keys(Intl),
};
