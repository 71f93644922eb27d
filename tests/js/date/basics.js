// Date constructors, Date.UTC, getters in UTC, TimeClip, invalid dates.
const out = {};
const d = new Date(Date.UTC(2024, 2, 5, 10, 20, 30, 456));
out.utc = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCDay(), d.getUTCHours(),
  d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds(), d.getTime(), d.valueOf()];
out.local = [d.getFullYear(), d.getMonth(), d.getDate(), d.getDay(), d.getHours(), d.getMinutes(),
  d.getSeconds(), d.getMilliseconds(), d.getTimezoneOffset(), d.getYear()];
out.fromMs = [new Date(0).toISOString(), new Date(-1).toISOString(), new Date(1e12).toISOString(),
  new Date(8.64e15).toISOString(), new Date(-8.64e15).toISOString(), new Date(8.64e15 + 1).getTime(),
  new Date(1.9).getTime(), new Date(-1.9).getTime(), new Date(NaN).getTime(), new Date(Infinity).getTime()];
out.fields = [new Date(2024, 0).toISOString(), new Date(2024, 1, 29).toISOString(),
  new Date(2024, 12, 1).toISOString(), new Date(2024, -1, 1).toISOString(), new Date(2024, 0, 0).toISOString(),
  new Date(99, 0).toISOString(), new Date(0, 0).toISOString(), new Date(100, 0).toISOString(),
  new Date(-1, 0).toISOString(), new Date(2024, 0, 1, 25, 61, 61, 1001).toISOString(),
  new Date(2024.9, 0.9, 1.9).toISOString(), new Date(2024, NaN).getTime(), new Date(275760, 8, 13).getTime(),
  new Date(275760, 8, 14).getTime()];
out.utcFn = [Date.UTC(2024), Date.UTC(2024, 1), Date.UTC(99, 11, 31), Date.UTC(), Date.UTC(NaN),
  Date.UTC(2024, 0, 1, 0, 0, 0, -1), Date.UTC(1e6), Date.UTC(-271821, 3, 20), Date.UTC(-271821, 3, 19, 23, 59, 59, 999),
  Date.UTC('2024', '3'), Date.UTC(true, null)];
out.copy = [new Date(d).getTime(), new Date(new Date(NaN)).getTime(), new Date('1e3').getTime(),
  new Date(true).getTime(), new Date(null).getTime(), new Date(undefined).getTime()];
out.types = [typeof Date.now,
  Object.prototype.toString.call(new Date(0)), new Date(0) instanceof Date, Date.length, Date.name,
  Date.UTC.length, Date.parse.length, Date.prototype.setHours.length,
  Date.prototype.toGMTString === Date.prototype.toUTCString, typeof Date.prototype[Symbol.toPrimitive],
  Date.prototype[Symbol.toPrimitive].name, Date.prototype.toJSON.length];
const bad = new Date('nope');
out.invalid = [String(bad), bad.getTime(), bad.getFullYear(), bad.getUTCDay(), bad.getTimezoneOffset(),
  bad.toDateString(), bad.toTimeString(), bad.toUTCString(), bad.toString(), bad.toJSON(), isNaN(bad)];
try { bad.toISOString(); } catch (e) { out.isoError = [e.name, e.message]; }
try { Date.prototype.getTime.call({}); } catch (e) { out.thisError = [e.name, e.message]; }
try { Date.prototype.toString.call(Date.prototype); } catch (e) { out.protoError = [e.name, e.message]; }
out.dateResult = d;
out.invalidResult = bad;
out.nested = [{ at: new Date(0) }];
return out;
