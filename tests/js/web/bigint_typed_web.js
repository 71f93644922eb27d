// BigInt64Array/BigUint64Array through structuredClone, crypto.getRandomValues and TextDecoder (Node.js main realm).
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const s = (x) => Array.from(x, (v) => `${v}n`).join(',');
const buf = new ArrayBuffer(24);
const a = new BigInt64Array(buf, 8, 2);
a[0] = -5n;
a[1] = 2n ** 62n;
const alias = new Uint8Array(buf);
const c = structuredClone({ a, alias });
c.a[0] = 7n;
const r = crypto.getRandomValues(new BigUint64Array(3));
const r2 = crypto.getRandomValues(new BigInt64Array(1));
return {
  clone: [Object.prototype.toString.call(c.a), s(c.a), c.a.byteOffset, c.a.buffer === c.alias.buffer, c.alias[8], s(a),
    t(() => s(structuredClone(new BigUint64Array([2n ** 64n - 1n]))))],
  random: [r.length, typeof r[0], r === crypto.getRandomValues(r), Object.prototype.toString.call(r2),
    t(() => crypto.getRandomValues(new BigInt64Array(8193)).length), t(() => crypto.getRandomValues(new BigInt64Array(8192)).length)],
  decode: [new TextDecoder().decode(new BigUint64Array([0x6f6c6c6568n])), new TextDecoder('utf-16le').decode(new BigInt64Array([0x0069_0068n]))],
};
