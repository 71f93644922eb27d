// crypto.getRandomValues (WebCrypto §10.1.2): fills integer typed arrays in place and returns them; the
// values come from the run's seeded generator (compared here only by shape: ranges, changed bytes,
// distinctness), QuotaExceededError over 65,536 bytes, TypeMismatchError for float arrays, DataView and
// non-views.
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const u8 = new Uint8Array(4096);
const same = crypto.getRandomValues(u8) === u8;
const counts = new Array(256).fill(0);
for (const b of u8) counts[b]++;
const i32 = crypto.getRandomValues(new Int32Array(1000));
const u16 = new Uint16Array(10);
const sub = crypto.getRandomValues(new Uint8Array(u16.buffer, 4, 6));
return {
  same,
  spread: counts.filter((c) => c > 0).length > 240,
  neg: i32.some((x) => x < 0) && i32.some((x) => x > 0),
  distinct: new Set(i32).size > 990,
  untouchedOutsideView: [u16[0], u16[1], u16[5], u16[9]],
  sub: sub.length,
  kinds: [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array].map((K) => crypto.getRandomValues(new K(2)).constructor.name),
  limit: [crypto.getRandomValues(new Uint8Array(65536)).length, crypto.getRandomValues(new Uint32Array(16384)).length],
  errors: [err(() => crypto.getRandomValues(new Uint8Array(65537))), err(() => crypto.getRandomValues(new Float64Array(1))),
    err(() => crypto.getRandomValues(new Float32Array(1))), err(() => crypto.getRandomValues(new DataView(new ArrayBuffer(4)))),
    err(() => crypto.getRandomValues([1, 2])), err(() => crypto.getRandomValues()), err(() => crypto.getRandomValues.call({}, new Uint8Array(1)))],
};
