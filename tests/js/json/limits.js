// JSON at scale: a million nested arrays parse (nesting limited only by memory, as in V8), stringify of deep
// values stops with RangeError, long strings and many keys round-trip.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const n = 1000000;
const deep = JSON.parse('['.repeat(n) + ']'.repeat(n));
let depth = 0;
for (let x = deep; x.length; x = x[0]) depth++;
r.deepParse = depth;
r.deepStringify = err(() => JSON.stringify(deep));
r.deepObjects = typeof JSON.parse('{"a":'.repeat(100000) + '1' + '}'.repeat(100000));
r.unbalanced = err(() => JSON.parse('['.repeat(200000) + ']'.repeat(199999)));
const long = 'x'.repeat(1 << 20) + '\u00e9\u4e2d';
r.longString = JSON.parse(JSON.stringify(long)).length;
const many = {};
for (let i = 0; i < 50000; i++) many['key' + i] = i;
const text = JSON.stringify(many);
const back = JSON.parse(text);
r.manyKeys = [text.length, Object.keys(back).length, back.key49999];
r.wideArray = JSON.parse(JSON.stringify(Array.from({ length: 100000 }, (_, i) => i % 7))).reduce((a, b) => a + b, 0);
return r;
