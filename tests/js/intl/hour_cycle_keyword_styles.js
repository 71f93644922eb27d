// -u-hc- with dateStyle/timeStyle: the time part in that cycle at the locale's own width, the date style's pattern kept
const d = new Date(Date.UTC(2024, 3, 5, 14, 3));
const out = [];
for (const [loc, ds, ts] of [['ja-JP-u-hc-h12', 'long', 'short'], ['ja-JP-u-hc-h12', 'full', 'medium'], ['zh-TW-u-hc-h23', 'long', 'short'], ['en-US-u-hc-h23', 'long', 'short'], ['en-US-u-hc-h23', 'full', 'full'], ['de-u-hc-h12', 'medium', 'short'], ['fr-u-hc-h11', 'short', 'short'], ['en-GB-u-hc-h12', 'long', 'medium'], ['ja-u-ca-japanese-hc-h12', 'long', 'short'], ['de-u-hc-h12', undefined, 'short'], ['en-u-hc-h23', undefined, 'medium'], ['ko-u-hc-h23', 'long', 'short'], ['en-u-hc-h24', 'medium', 'short'], ['ja-u-hc-h11', undefined, 'short'], ['zh-u-hc-h12', 'long', 'medium']]) {
  out.push([loc, ds, ts, d.toLocaleString(loc, { dateStyle: ds, timeStyle: ts, timeZone: 'UTC' }), new Intl.DateTimeFormat(loc, { dateStyle: ds, timeStyle: ts, timeZone: 'UTC' }).resolvedOptions().hourCycle]);
}
return out;
