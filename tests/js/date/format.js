// The string forms, JSON, and the primitive conversions of dates.
const out = {};
const ds = [0, 1709632800123, -1, -62198755200000, -62198755200001, 253402300800000, 8.64e15, -8.64e15,
  -1e14, 951782400000, 1e12 + 0.5];
out.forms = ds.map((t) => {
  const d = new Date(t);
  return [d.toString(), d.toDateString(), d.toTimeString(), d.toUTCString(), d.toISOString(), d.toJSON(),
    d.toGMTString(), String(d), `${d}`, d + '', JSON.stringify(d)];
});
const d = new Date(1709632800123);
out.prims = [d - 0, +d, d * 1, d - new Date(1709632800000), d > new Date(0), d == d.toString(),
  d[Symbol.toPrimitive]('number'), d[Symbol.toPrimitive]('default'), d[Symbol.toPrimitive]('string'),
  Number(d), d.valueOf(), typeof (d + 1), [d].join(), `${[d]}`];
try { d[Symbol.toPrimitive]('bogus'); } catch (e) { out.hintErr = [e.name, e.message]; }
try { Date.prototype[Symbol.toPrimitive].call(1, 'number'); } catch (e) { out.nonObj = [e.name, e.message]; }
out.json = [JSON.stringify({ a: d, b: new Date(NaN), c: [new Date(0)] }),
  Date.prototype.toJSON.call({ toISOString() { return 'custom'; } }),
  Date.prototype.toJSON.call({ valueOf() { return NaN; }, toISOString() { return 'x'; } })];
try { Date.prototype.toJSON.call({}); } catch (e) { out.toJSONErr = [e.name, e.message]; }
const custom = new Date(0);
custom.toString = () => 'mine';
out.override = [`${custom}`, custom + '', JSON.stringify(custom)];
out.keys = [Object.keys(d), Object.getOwnPropertyNames(Date.prototype).sort().length,
  Object.getOwnPropertyDescriptor(Date.prototype, Symbol.toPrimitive).writable,
  Object.getOwnPropertyDescriptor(Date.prototype, 'getTime').enumerable];
out.value = { when: d, invalid: new Date(NaN), list: [new Date(0), new Date(-1e14)] };
return out;
