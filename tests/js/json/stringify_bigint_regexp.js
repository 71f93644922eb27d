// JSON.stringify with BigInt (TypeError unless BigInt.prototype.toJSON exists) and RegExp objects ({}).
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
r.bigint = [err(() => JSON.stringify(1n)), err(() => JSON.stringify({ a: [2n] })), err(() => JSON.stringify(Object(3n))), err(() => JSON.stringify({ a: 1n }, (k, v) => (typeof v === 'bigint' ? v.toString() : v)))];
r.bigintToJSON = (() => { BigInt.prototype.toJSON = function () { return this.toString() + 'n'; }; try { return JSON.stringify({ big: 10n, wrapped: Object(11n) }); } finally { delete BigInt.prototype.toJSON; } })();
r.regexp = [JSON.stringify(/re/g), JSON.stringify({ r: /x/ }), JSON.stringify(Object.assign(/y/, { extra: 1 }))];
return r;
