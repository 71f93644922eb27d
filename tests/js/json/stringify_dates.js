// JSON.stringify of Dates (Date.prototype.toJSON) and a reviver that revives ISO strings into Dates.
const r = {};
r.dates = [JSON.stringify(new Date(Date.UTC(2020, 0, 2, 3, 4, 5, 6))), JSON.stringify({ d: new Date(0) }), JSON.stringify(new Date(NaN)), JSON.stringify([new Date(-1)])];
r.revived = JSON.parse('{"when": "2020-01-02T03:04:05.000Z", "n": 1}', (k, v) => (k === 'when' ? new Date(v).getUTCFullYear() : v));
r.customToISO = (() => { const d = new Date(0); d.toISOString = () => 'custom'; return JSON.stringify(d); })();
return r;
