// Intl.DateTimeFormat.prototype.formatRange and formatRangeToParts: ranges that differ in the year,
// month, day, day period, hour or minute only, equal dates (formatted as one date, parts "shared"),
// reversed ranges, styles, time zones, the generated-table locales and others, and the errors.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const base = Date.UTC(2024, 4, 17, 9, 30, 15);
const ends = [base, base + 20 * 60e3, base + 4 * 3600e3, base + 36 * 3600e3, base + 20 * 86400e3, base + 400 * 86400e3];
const opts = [undefined, { dateStyle: "medium" }, { dateStyle: "long", timeStyle: "short" }, { timeStyle: "short" },
  { hour: "numeric", minute: "2-digit" }, { month: "short", day: "numeric" }, { year: "numeric", month: "long" },
  { weekday: "short", day: "numeric", hour: "2-digit", hourCycle: "h23" }, { dateStyle: "full", timeZone: "America/Chicago" }];
// (Range patterns and separators that CLDR 42 and Node.js's CLDR 48 print differently are left out: en-GB,
// en-AU, de, es, zh, ru, uk, it, nl, sv, fi, tr, cs, hu; see tests/diff/intl_diff.js.)
const locales = ["en-US", "fr-FR", "ja-JP", "pt-BR", "pl-PL", "id-ID"];
const out = {};
for (const l of locales) {
  out[l] = opts.map((o) => {
    const f = new Intl.DateTimeFormat(l, o);
    return ends.map((e) => f.formatRange(base, e)).join(" ¦ ");
  });
}
const parts = (l, o, a, b) => new Intl.DateTimeFormat(l, o).formatRangeToParts(a, b).map((p) => `${p.type}:${p.value}:${p.source}`).join("|");
return {
  out,
  parts: [parts("en-US", { hour: "numeric", minute: "numeric" }, base, base + 3600e3), parts("en-US", undefined, base, base),
    parts("pl-PL", { dateStyle: "medium" }, base, base + 86400e3 * 40), parts("fr-FR", { dateStyle: "long", timeStyle: "short" }, base, base + 7200e3),
    parts("ja-JP", { year: "numeric", month: "long" }, base, base + 400 * 86400e3), parts("pt-BR", { timeStyle: "short" }, base, base + 60e3)],
  reversed: new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).formatRange(base + 86400e3 * 3, base),
  dates: new Intl.DateTimeFormat("en-GB").formatRange(new Date(base), new Date(base + 86400e3)),
  errors: [t(() => new Intl.DateTimeFormat("en").formatRange(undefined, 1)), t(() => new Intl.DateTimeFormat("en").formatRange(1)),
    t(() => new Intl.DateTimeFormat("en").formatRange(NaN, 1)), t(() => new Intl.DateTimeFormat("en").formatRangeToParts(1, 9e15)),
    t(() => Intl.DateTimeFormat.prototype.formatRange.call({}, 1, 2)), t(() => new Intl.DateTimeFormat("en").formatRangeToParts(1)),
    Intl.DateTimeFormat.prototype.formatRange.length, Intl.DateTimeFormat.prototype.formatRangeToParts.length],
};
