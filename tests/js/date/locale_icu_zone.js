// time-zone: America/Sao_Paulo
// toLocale*String in locales and options beyond the generated tables, in a run zone with a DST history
// (Brazil kept DST until 2019): the wall time printed agrees with the Date's local getters, also for
// Intl.DateTimeFormat without a timeZone option; explicit timeZone options still win.
const instants = [Date.UTC(2018, 11, 1, 2, 30), Date.UTC(2018, 1, 18, 1, 30), Date.UTC(2018, 1, 18, 2, 30), Date.UTC(2024, 6, 4, 12),
  Date.UTC(2019, 10, 3, 2, 59), Date.UTC(2019, 10, 3, 3, 1), Date.UTC(1970, 0, 1), Date.UTC(2038, 0, 19, 3, 14, 7)];
const rows = instants.map((t) => {
  const d = new Date(t);
  const hourParts = new Intl.DateTimeFormat("pt-BR", { hour: "numeric", minute: "numeric", hourCycle: "h23" }).formatToParts(d);
  const shown = hourParts.filter((p) => p.type === "hour" || p.type === "minute").map((p) => Number(p.value));
  return [d.toLocaleString("pt-BR"), d.toLocaleString("es-ES", { timeZoneName: "short" }), d.toLocaleTimeString("it-IT", { hourCycle: "h23" }),
    d.toLocaleDateString("pl-PL", { dateStyle: "full" }), d.toLocaleTimeString("pt-BR", { timeStyle: "full" }),
    d.toLocaleString("en-US", { timeZone: "Asia/Tokyo", timeZoneName: "long" }),
    new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "long" }).format(d),
    shown[0] === d.getHours() && shown[1] === d.getMinutes(), d.getHours(), d.getTimezoneOffset()];
});
return { rows, zone: new Intl.DateTimeFormat("pt-BR").resolvedOptions().timeZone,
  range: new Intl.DateTimeFormat("pt-BR", { timeStyle: "short" }).formatRange(instants[1], instants[2]) };
