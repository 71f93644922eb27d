// Intl.DateTimeFormat in locales beyond the generated tables (ICU): format, formatToParts and
// resolvedOptions over the common field combinations and styles, in UTC and with timeZone.
const d = new Date(Date.UTC(2024, 10, 21, 18, 7, 5, 250));
const early = new Date(Date.UTC(1999, 0, 3, 4, 59, 1));
// (Locales whose CLDR 42 data differs from Node.js's CLDR 48 for these options are left out: es-MX, ko,
// en-IN, en-CA and nb hour cycles and day periods, the date-time glue of nl/da/fi/zh-TW, en-AU, th, vi, sr and bg
// short forms, …; tests/diff/intl_diff.js lists them.)
const locales = ["es-ES", "pt-BR", "pt-PT", "zh-CN", "ru-RU", "sv-SE", "pl-PL", "tr-TR", "hi-IN", "cs-CZ", "uk-UA", "he-IL",
  "id-ID", "el-GR", "ro-RO", "hu-HU", "hr-HR", "sk-SK", "ms-MY", "lt-LT"];
const opts = [
  undefined,
  { dateStyle: "full" }, { dateStyle: "long" }, { dateStyle: "medium" }, { dateStyle: "short" },
  { dateStyle: "short", timeStyle: "medium" }, { timeStyle: "medium" },
  { year: "numeric", month: "long", day: "numeric" },
  { weekday: "long", year: "numeric", month: "short", day: "2-digit" },
  { month: "long", year: "numeric" }, { month: "short", day: "numeric" },
  { hour: "2-digit", minute: "2-digit" }, { hour: "numeric", minute: "2-digit", second: "2-digit", hour12: false },
  { weekday: "short", day: "numeric", month: "long", timeZone: "America/Los_Angeles" },
  { year: "2-digit", month: "2-digit", day: "2-digit", timeZone: "Asia/Kolkata" },
];
const out = {};
for (const l of locales) {
  out[l] = opts.map((o, i) => {
    const f = new Intl.DateTimeFormat(l, o);
    const row = [f.format(d), f.format(early)];
    if (i % 4 === 1) row.push(f.formatToParts(d).map((p) => `${p.type}:${p.value}`).join("|"));
    if (i % 5 === 0) row.push(Object.entries(f.resolvedOptions()).map(([k, v]) => `${k}=${v}`).join(","));
    return row.join(" ¦ ");
  });
}
return {
  out,
  toLocale: locales.map((l) => [d.toLocaleString(l), d.toLocaleDateString(l), d.toLocaleTimeString(l),
    d.toLocaleDateString(l, { weekday: "long", year: "numeric", month: "long", day: "numeric" }),
    d.toLocaleTimeString(l, { hour: "2-digit", minute: "2-digit" })]),
  supported: Intl.DateTimeFormat.supportedLocalesOf(["es-ES", "zh-Hant-TW", "xx-XX", "sw"]),
  fallback: [new Intl.DateTimeFormat(["xx", "es-AR"]).resolvedOptions().locale, new Intl.DateTimeFormat("es-419").resolvedOptions().locale],
};
