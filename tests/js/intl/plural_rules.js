// Intl.PluralRules: cardinal and ordinal categories, digit options, resolvedOptions, errors.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const locales = ["en-US", "en-GB", "de-DE", "fr-FR", "ja-JP", "ru", "ar", "pl", "cy", "ga", "he"];
const nums = [0, 1, 2, 3, 4, 5, 6, 11, 12, 13, 21, 22, 23, 100, 101, 102, 111, 1000000, 0.5, 1.5, 1.0, 2.25, -1, -2];
const out = {};
for (const l of locales) {
  const c = new Intl.PluralRules(l);
  const o = new Intl.PluralRules(l, { type: "ordinal" });
  out[l] = { cardinal: nums.map((n) => c.select(n)).join(","), ordinal: nums.map((n) => o.select(n)).join(","),
    cats: c.resolvedOptions().pluralCategories, ocats: o.resolvedOptions().pluralCategories };
}
return {
  out,
  digits: [new Intl.PluralRules("en", { minimumFractionDigits: 2 }).select(1), new Intl.PluralRules("en", { maximumFractionDigits: 0 }).select(1.4),
    new Intl.PluralRules("en", { maximumSignificantDigits: 1 }).select(1.2), new Intl.PluralRules("fr").select(1.99), new Intl.PluralRules("en").select("1")],
  resolved: [new Intl.PluralRules().resolvedOptions(), new Intl.PluralRules("fr", { type: "ordinal", minimumSignificantDigits: 2 }).resolvedOptions()],
  misc: [Intl.PluralRules.supportedLocalesOf(["fr", "xx"]), Object.prototype.toString.call(new Intl.PluralRules()), Intl.PluralRules.length],
  errors: [t(() => Intl.PluralRules()), t(() => new Intl.PluralRules("en", { type: "x" })), t(() => Intl.PluralRules.prototype.select.call({}, 1)),
    t(() => new Intl.PluralRules("en-", {}))],
};
