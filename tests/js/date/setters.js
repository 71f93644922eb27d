// Setters (local = UTC here), optional arguments, NaN handling, TimeClip, return values.
const out = {};
const base = Date.UTC(2024, 0, 31, 12, 30, 45, 500);
function run(fn) {
  const d = new Date(base);
  const r = fn(d);
  return [r, d.getTime()];
}
out.set = [
  run((d) => d.setMilliseconds(1500)), run((d) => d.setSeconds(10)), run((d) => d.setSeconds(10, 5)),
  run((d) => d.setMinutes(5)), run((d) => d.setMinutes(5, 6, 7)), run((d) => d.setHours(1)),
  run((d) => d.setHours(1, 2, 3, 4)), run((d) => d.setHours(-1)), run((d) => d.setDate(0)),
  run((d) => d.setDate(32)), run((d) => d.setMonth(1)), run((d) => d.setMonth(1, 15)), run((d) => d.setMonth(13)),
  run((d) => d.setFullYear(2023)), run((d) => d.setFullYear(2023, 1)), run((d) => d.setFullYear(2023, 1, 29)),
  run((d) => d.setUTCMilliseconds(7)), run((d) => d.setUTCSeconds(1, 2)), run((d) => d.setUTCMinutes(1, 2, 3)),
  run((d) => d.setUTCHours(23, 59, 59, 999)), run((d) => d.setUTCDate(1)), run((d) => d.setUTCMonth(11, 31)),
  run((d) => d.setUTCFullYear(-1, 0, 1)), run((d) => d.setTime(0)), run((d) => d.setTime('86400000')),
  run((d) => d.setYear(99)), run((d) => d.setYear(2000)), run((d) => d.setYear(NaN)),
  run((d) => d.setHours()), run((d) => d.setMonth(1, undefined)), run((d) => d.setMinutes(NaN)),
  run((d) => d.setFullYear(275760, 8, 14)), run((d) => d.setTime(8.64e15 + 1)), run((d) => d.setDate(1.9)),
  run((d) => d.setSeconds('30')), run((d) => d.setHours(null)), run((d) => d.setMinutes(true)),
  run((d) => d.setHours({ valueOf() { return 3; } })),
];
// On an invalid date only setFullYear/setUTCFullYear/setYear/setTime revive it.
function onNaN(fn) {
  const d = new Date(NaN);
  return [fn(d), d.getTime()];
}
out.nan = [onNaN((d) => d.setHours(1)), onNaN((d) => d.setDate(1)), onNaN((d) => d.setMonth(0)),
  onNaN((d) => d.setFullYear(2024)), onNaN((d) => d.setFullYear(2024, 5, 6)), onNaN((d) => d.setUTCFullYear(2024)),
  onNaN((d) => d.setYear(24)), onNaN((d) => d.setTime(5)), onNaN((d) => d.setMilliseconds(5))];
// Arguments are all coerced, in order, even when the date is invalid.
const seen = [];
const arg = (v) => ({ valueOf() { seen.push(v); return v; } });
new Date(NaN).setHours(arg(1), arg(2), arg(3), arg(4));
new Date(0).setMonth(arg('m'), arg('d'));
out.coercionOrder = seen;
try { Date.prototype.setHours.call({}, 1); } catch (e) { out.err = [e.name, e.message]; }
try { new Date(0).setHours(Symbol()); } catch (e) { out.symErr = [e.name, e.message]; }
return out;
