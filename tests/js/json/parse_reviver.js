// JSON.parse with a reviver: visiting order, holder/this, deletion by undefined, arrays, mutation during the walk.
const r = {};
const log = [];
const out = JSON.parse('{"a": 1, "b": [10, {"c": true}], "d": {"e": null}}', function (k, v) {
  log.push([k, typeof v === 'object' && v !== null ? (Array.isArray(v) ? 'array' : 'object') : v, Array.isArray(this) ? 'arrayHolder' : typeof this]);
  return v;
});
r.order = log;
r.identity = out;
r.transform = JSON.parse('[1, 2, {"x": 3}]', (k, v) => (typeof v === 'number' ? v * 10 : v));
r.remove = JSON.parse('{"keep": 1, "drop": 2, "arr": [1, 2, 3]}', (k, v) => (k === 'drop' || v === 2 ? undefined : v));
r.removeLength = r.remove.arr.length;
r.holes = Object.keys(r.remove.arr);
r.root = JSON.parse('5', (k, v) => [k, v]);
r.rootHolder = (() => { let h; JSON.parse('1', function (k, v) { h = this; return v; }); return [Object.keys(h), h[''], Object.getPrototypeOf(h) === Object.prototype]; })();
// The reviver may add properties to a later sibling before it is visited.
r.mutate = JSON.parse('{"a": 1, "b": {"c": 2}}', function (k, v) { if (k === 'a') this.b.added = 3; return v; });
r.nonCallable = JSON.parse('[1]', 'not a function');
r.argCount = JSON.parse('1', function () { return arguments.length; });
r.throws = (() => { try { JSON.parse('[1]', () => { throw new RangeError('boom'); }); } catch (e) { return `${e.name}: ${e.message}`; } })();
return r;
