// Intl.DateTimeFormat: the same patterns as Date.prototype.toLocale*String (en-US, en-GB, de-DE, fr-FR,
// ja-JP), format/formatToParts/resolvedOptions, the run's time zone and the timeZone option, errors.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const d = new Date(Date.UTC(2024, 6, 4, 13, 5, 9));
const locales = ["en-US", "en-GB", "de-DE", "fr-FR", "ja-JP", "en", "de", "ja"];
const opts = [
  undefined, {}, { dateStyle: "full" }, { dateStyle: "long" }, { dateStyle: "medium", timeStyle: "short" }, { timeStyle: "medium" },
  { year: "numeric", month: "long", day: "numeric" }, { weekday: "short", hour: "numeric", minute: "2-digit" },
  { month: "short", day: "2-digit" }, { hour: "2-digit", minute: "2-digit", hour12: false }, { hour: "numeric", hour12: true },
  { year: "2-digit", month: "narrow" }, { weekday: "long", timeZone: "America/New_York", hour: "numeric" },
  { timeZone: "Asia/Tokyo", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" },
];
const out = {};
for (const l of locales) {
  out[l] = opts.map((o) => {
    const f = new Intl.DateTimeFormat(l, o);
    return [f.format(d), f.formatToParts(d).map((p) => `${p.type}:${p.value}`).join("|"), f.resolvedOptions()];
  });
}
return {
  out,
  same: [new Intl.DateTimeFormat("de-DE", { dateStyle: "medium" }).format(d) === d.toLocaleDateString("de-DE", { dateStyle: "medium" }),
    new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "numeric" }).format(d) === d.toLocaleTimeString("en-US", { hour: "numeric", minute: "numeric" })],
  values: [new Intl.DateTimeFormat("en-US").format(0), new Intl.DateTimeFormat("en-US").format(1e12), [d, new Date(0)].map(new Intl.DateTimeFormat("en-GB").format),
    typeof new Intl.DateTimeFormat().format(), new Intl.DateTimeFormat().resolvedOptions().timeZone, Intl.DateTimeFormat().format(d)],
  misc: [Object.prototype.toString.call(new Intl.DateTimeFormat()), Intl.DateTimeFormat.supportedLocalesOf(["de-DE", "xx"]), Intl.DateTimeFormat.length],
  errors: [t(() => new Intl.DateTimeFormat("en", { month: "x" })), t(() => new Intl.DateTimeFormat("en", { timeZone: "Mars/Base" })),
    t(() => new Intl.DateTimeFormat("en").format(NaN)), t(() => new Intl.DateTimeFormat("en", { dateStyle: "short", year: "numeric" })),
    t(() => Intl.DateTimeFormat.prototype.formatToParts.call({}, 0)), t(() => new Intl.DateTimeFormat("en_US"))],
};
