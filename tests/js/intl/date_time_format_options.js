// Intl.DateTimeFormat options beyond the generated tables: era, timeZoneName (all six), hourCycle and
// -u-hc- (with hour12 overriding both), dayPeriod, fractionalSecondDigits, timeStyle long/full,
// calendar and -u-ca-, numberingSystem and -u-nu-, formatMatcher, option errors and reading order,
// resolvedOptions. (Zero offsets are left out of timeZoneName: ICU 72 prints "GMT", Node.js "GMT+0".)
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const d = new Date(Date.UTC(2024, 2, 10, 7, 3, 4, 56));
const night = new Date(Date.UTC(2023, 11, 31, 23, 59, 58, 999));
const bc = new Date(Date.UTC(-200, 5, 1, 12));
const show = (l, o, dates = [d, night]) => {
  const f = new Intl.DateTimeFormat(l, o);
  return [dates.map((x) => f.format(x)).join(" ¦ "), f.formatToParts(d).map((p) => `${p.type}:${p.value}`).join("|"),
    Object.entries(f.resolvedOptions()).map(([k, v]) => `${k}=${v}`).join(",")];
};
return {
  era: ["en-US", "de-DE", "fr-FR", "ja-JP", "es-ES"].map((l) => ["long", "short", "narrow"].map((era) =>
    show(l, { era, year: "numeric" }, [d, bc]))),
  eraOnly: [show("en-US", { era: "long" }), show("de", { era: "short", month: "long", day: "numeric" })],
  timeZoneName: ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "pt-BR"].map((l) =>
    ["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"].map((timeZoneName) =>
      ["America/New_York", "Europe/Berlin", "Asia/Kolkata", "Asia/Tokyo"].map((timeZone) =>
        new Intl.DateTimeFormat(l, { timeZoneName, timeZone, hour: "numeric", minute: "2-digit" }).format(d)).join(" ¦ "))),
  tzParts: show("en-US", { timeZoneName: "long", timeZone: "America/Los_Angeles" }),
  hourCycle: ["en-US", "en-GB", "fr-FR", "ja-JP", "sv-SE", "pt-BR"].map((l) => ["h11", "h12", "h23", "h24"].map((hc) => [
    show(l, { hour: "numeric", minute: "2-digit", hourCycle: hc }, [night, d]),
    new Intl.DateTimeFormat(l, { hourCycle: hc, hour12: true, hour: "2-digit" }).resolvedOptions().hourCycle,
    new Intl.DateTimeFormat(`${l}-u-hc-${hc}`, { hour: "numeric" }).format(night),
    new Intl.DateTimeFormat(`${l}-u-hc-${hc}`, { hour: "numeric" }).resolvedOptions().locale,
    new Intl.DateTimeFormat(`${l}-u-hc-${hc}`, { hour: "numeric", hourCycle: "h23" }).resolvedOptions().locale,
    new Intl.DateTimeFormat(`${l}-u-hc-${hc}`, { timeStyle: "short" }).format(night),
  ])),
  hour12: ["en-US", "de-DE", "ja-JP", "pl-PL", "zh-CN"].map((l) => [true, false].map((hour12) =>
    show(l, { timeStyle: "medium", hour12 }, [night]))),
  dayPeriod: ["en-US", "en-GB", "fr-FR", "es-ES"].map((l) => ["narrow", "short", "long"].map((dayPeriod) =>
    [new Date(Date.UTC(2024, 0, 1, 10)), new Date(Date.UTC(2024, 0, 1, 12)), new Date(Date.UTC(2024, 0, 1, 15)), new Date(Date.UTC(2024, 0, 1, 20))]
      .map((x) => new Intl.DateTimeFormat(l, { dayPeriod, hour: "numeric", hourCycle: "h12" }).format(x) + " / " +
        new Intl.DateTimeFormat(l, { dayPeriod }).format(x)).join(" ¦ "))),
  fractional: [1, 2, 3].map((n) => ["en-US", "de-DE", "fr-FR", "pt-BR"].map((l) =>
    show(l, { minute: "2-digit", second: "2-digit", fractionalSecondDigits: n }, [d, night]))),
  styles: ["en-US", "en-GB", "de-DE", "fr-FR", "ja-JP", "it-IT", "pt-BR", "ru-RU"].map((l) => ["full", "long"].map((timeStyle) =>
    show(l, { timeStyle, dateStyle: timeStyle === "full" ? "long" : undefined, timeZone: "Europe/Paris" }))),
  calendar: [["en-US", "buddhist"], ["en-US", "japanese"], ["ja-JP", "japanese"], ["en", "islamic-civil"], ["fr", "hebrew"],
    ["en", "persian"], ["de", "gregory"], ["en", "roc"], ["en", "chinese"]].map(([l, ca]) =>
    [show(l, { calendar: ca, dateStyle: "long" }), new Intl.DateTimeFormat(`${l}-u-ca-${ca}`, { year: "numeric", month: "long", day: "numeric" }).format(d),
      new Intl.DateTimeFormat(`${l}-u-ca-${ca}`).resolvedOptions().locale]),
  numbering: [["en-US", "arab"], ["en", "thai"], ["de", "deva"], ["ja", "hanidec"], ["fr", "fullwide"], ["en", "latn"]].map(([l, nu]) =>
    [show(l, { numberingSystem: nu, hour: "numeric", minute: "numeric", day: "numeric", month: "numeric" }),
      new Intl.DateTimeFormat(`${l}-u-nu-${nu}`, { dateStyle: "short" }).format(d), new Intl.DateTimeFormat(`${l}-u-nu-${nu}`).resolvedOptions().locale]),
  mixed: [new Intl.DateTimeFormat("en-u-ca-buddhist-hc-h23-nu-thai", { hour: "numeric", calendar: "japanese" }).resolvedOptions(),
    new Intl.DateTimeFormat("en-u-ca-buddhist-nu-thai", { calendar: "buddhist", numberingSystem: "arab", year: "numeric" }).resolvedOptions(),
    new Intl.DateTimeFormat("de-u-ca-bogus-nu-bogus", { year: "numeric" }).resolvedOptions().locale,
    new Intl.DateTimeFormat("en", { calendar: "bogus", numberingSystem: "bogus", year: "numeric" }).resolvedOptions()],
  supportedCalendars: Intl.supportedValuesOf("calendar"),
  matcher: [show("en-US", { formatMatcher: "basic", month: "long", day: "numeric" }), show("de", { formatMatcher: "best fit", hour: "2-digit" })],
  toLocale: [d.toLocaleString("en-US", { timeZoneName: "short" }), d.toLocaleTimeString("de-DE", { timeStyle: "full" }),
    d.toLocaleDateString("ja-JP", { era: "long", year: "numeric" }), d.toLocaleTimeString("en-US", { hourCycle: "h23" }),
    d.toLocaleString("en-US", { dayPeriod: "long" }), d.toLocaleTimeString("fr-FR", { fractionalSecondDigits: 3 }),
    d.toLocaleDateString("en-US", { calendar: "islamic-civil" }), d.toLocaleString("en-u-nu-arab"),
    d.toLocaleTimeString("en-US", { timeStyle: "short", hour12: false }), d.toLocaleDateString("en-US", { formatMatcher: "basic" })],
  errors: [t(() => new Intl.DateTimeFormat("en", { era: "x" })), t(() => new Intl.DateTimeFormat("en", { dateStyle: "short", era: "long" })),
    t(() => new Intl.DateTimeFormat("en", { timeStyle: "short", fractionalSecondDigits: 2 })), t(() => new Intl.DateTimeFormat("en", { fractionalSecondDigits: 4 })),
    t(() => new Intl.DateTimeFormat("en", { fractionalSecondDigits: 0 })), t(() => new Intl.DateTimeFormat("en", { calendar: "x" })),
    t(() => new Intl.DateTimeFormat("en", { numberingSystem: "x!" })), t(() => new Intl.DateTimeFormat("en", { hourCycle: "h13" })),
    t(() => new Intl.DateTimeFormat("en", { timeZoneName: "medium" })), t(() => new Intl.DateTimeFormat("en", { formatMatcher: "x" })),
    t(() => new Intl.DateTimeFormat("en", { dayPeriod: "short", dateStyle: "long" })), t(() => new Intl.DateTimeFormat("en", { timeZoneName: "short", dateStyle: "long" })),
    t(() => d.toLocaleDateString("en", { timeStyle: "long" })), t(() => d.toLocaleTimeString("en", { dateStyle: "long" })),
    t(() => d.toLocaleString("en", { timeZoneName: "x" })), t(() => new Intl.DateTimeFormat("en", { timeStyle: "full", timeZone: "Nowhere/City" }))],
  getters: (() => {
    const log = [];
    const o = {};
    for (const k of ["localeMatcher", "calendar", "numberingSystem", "hour12", "hourCycle", "timeZone", "weekday", "era", "year",
      "month", "day", "dayPeriod", "hour", "minute", "second", "fractionalSecondDigits", "timeZoneName", "formatMatcher", "dateStyle", "timeStyle"]) {
      Object.defineProperty(o, k, { get() { log.push(k); return undefined; } });
    }
    new Intl.DateTimeFormat("es", o);
    const o2 = { get era() { log.push("era!"); return "short"; }, get year() { return "numeric"; } };
    return [log.join(","), d.toLocaleDateString("es-ES", o2), log.length];
  })(),
};
