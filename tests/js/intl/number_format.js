// Intl.NumberFormat: styles, digit options, notations, signs, grouping, parts, resolvedOptions, errors,
// in en-US, en-GB, de-DE, fr-FR and ja-JP; Number.prototype.toLocaleString and Array toLocaleString.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const locales = ["en-US", "en-GB", "de-DE", "fr-FR", "ja-JP"];
const nums = [0, -0, 1, -1.5, 2.5, 0.125, 1234.5678, -9876543.21, 1e21, 1e-7, 0.1 + 0.2, 999.9995, NaN, Infinity, -Infinity];
const opts = [
  {}, { style: "percent" }, { style: "currency", currency: "EUR" }, { style: "currency", currency: "jpy", currencyDisplay: "name" },
  { style: "currency", currency: "USD", currencyDisplay: "code", currencySign: "accounting" },
  { style: "currency", currency: "GBP", currencyDisplay: "narrowSymbol", signDisplay: "always" },
  { style: "unit", unit: "kilometer-per-hour" }, { style: "unit", unit: "liter", unitDisplay: "long" },
  { style: "unit", unit: "byte", unitDisplay: "narrow" },
  { notation: "compact" }, { notation: "compact", compactDisplay: "long" }, { notation: "scientific" },
  { notation: "engineering", maximumFractionDigits: 1 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 }, { maximumSignificantDigits: 3 },
  { minimumSignificantDigits: 5 }, { minimumIntegerDigits: 4 }, { useGrouping: false }, { useGrouping: "min2" },
  { useGrouping: "always" }, { signDisplay: "exceptZero" }, { signDisplay: "never" }, { signDisplay: "negative" },
  { maximumFractionDigits: 0, roundingMode: "floor" }, { maximumFractionDigits: 1, roundingMode: "halfEven" },
  { maximumFractionDigits: 2, trailingZeroDisplay: "stripIfInteger", minimumFractionDigits: 2 },
  { maximumFractionDigits: 2, minimumFractionDigits: 2, roundingIncrement: 5 },
  { maximumSignificantDigits: 2, maximumFractionDigits: 2, roundingPriority: "morePrecision" },
  { maximumSignificantDigits: 2, maximumFractionDigits: 2, roundingPriority: "lessPrecision" },
];
// en-GB compact notation is skipped: CLDR 48 (Node 20's ICU) writes "1.2k", the system ICU's CLDR 42
// "1.2K" (docs/feature-matrix.md, Intl row).
const out = {};
for (const l of locales) {
  out[l] = opts.map((o) => (l === "en-GB" && o.notation === "compact" ? "skipped" : nums.map((n) => t(() => new Intl.NumberFormat(l, o).format(n))).join(" | ")));
}
const nf = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
return {
  out,
  parts: [
    new Intl.NumberFormat("en-US").formatToParts(-1234567.891),
    nf.formatToParts(1234.5),
    new Intl.NumberFormat("fr-FR", { style: "percent", signDisplay: "always" }).formatToParts(0.256),
    new Intl.NumberFormat("en", { notation: "scientific" }).formatToParts(-0.000123),
    new Intl.NumberFormat("en", { notation: "compact" }).formatToParts(123456),
    new Intl.NumberFormat("ja-JP", { style: "unit", unit: "kilogram", unitDisplay: "long" }).formatToParts(3),
    new Intl.NumberFormat("en").formatToParts(NaN),
    new Intl.NumberFormat("en").formatToParts(-Infinity),
  ],
  resolved: [
    new Intl.NumberFormat().resolvedOptions(), nf.resolvedOptions(),
    new Intl.NumberFormat("en-GB", { notation: "compact" }).resolvedOptions(), new Intl.NumberFormat("de", { notation: "compact", compactDisplay: "long" }).format(1234567),
    new Intl.NumberFormat("ja", { maximumSignificantDigits: 3, style: "unit", unit: "meter" }).resolvedOptions(),
    new Intl.NumberFormat(["xx", "fr-CA"], { style: "percent" }).resolvedOptions(),
    new Intl.NumberFormat("en-ZZ").resolvedOptions().locale,
  ],
  strings: [new Intl.NumberFormat("en").format("1234567890123456789.987654321"), new Intl.NumberFormat("en").format(" -.5 "),
    new Intl.NumberFormat("en").format("0x10"), new Intl.NumberFormat("en").format(""), new Intl.NumberFormat("en").format("abc"),
    new Intl.NumberFormat("en", { maximumFractionDigits: 20 }).format("0.1"), new Intl.NumberFormat("de").format("1e5")],
  bound: [nf.format === nf.format, [1, 2.5, 3000].map(new Intl.NumberFormat("de").format), typeof nf.format, nf.format.name],
  toLocale: [(1234.5).toLocaleString("de-DE"), (1234.5).toLocaleString("fr-FR", { style: "currency", currency: "EUR" }),
    (0.5).toLocaleString("ja-JP", { style: "percent" }), (1234.5).toLocaleString(), [1234.5, 6789, "x", null].toLocaleString("de-DE"),
    [1234.5, 0.25].toLocaleString("en", { style: "percent" })],
  misc: [Object.prototype.toString.call(nf), Intl.NumberFormat.supportedLocalesOf(["de-DE", "xx", "en-ZZ", "ja"]),
    Intl.NumberFormat.name, Intl.NumberFormat.length, Intl.NumberFormat().format(12345), new Intl.NumberFormat() instanceof Intl.NumberFormat,
    Object.getPrototypeOf(new Intl.NumberFormat()) === Intl.NumberFormat.prototype],
  errors: [
    t(() => new Intl.NumberFormat("en", { style: "currency" })), t(() => new Intl.NumberFormat("en", { style: "currency", currency: "EURO" })),
    t(() => new Intl.NumberFormat("en", { style: "unit" })), t(() => new Intl.NumberFormat("en", { style: "unit", unit: "parsec" })),
    t(() => new Intl.NumberFormat("en", { style: "bogus" })), t(() => new Intl.NumberFormat("en", { maximumFractionDigits: 101 })),
    t(() => new Intl.NumberFormat("en", { minimumFractionDigits: 3, maximumFractionDigits: 1 })),
    t(() => new Intl.NumberFormat("en", { minimumIntegerDigits: 0 })), t(() => new Intl.NumberFormat("en_US")),
    t(() => new Intl.NumberFormat(5)), t(() => new Intl.NumberFormat([5])), t(() => new Intl.NumberFormat("en", { useGrouping: "x" })),
    t(() => Intl.NumberFormat.prototype.formatToParts.call({}, 1)), t(() => new Intl.NumberFormat("en", { roundingIncrement: 3 })),
    t(() => new Intl.NumberFormat("en", { roundingIncrement: 5 })), t(() => new Intl.NumberFormat("", {})),
  ],
};
