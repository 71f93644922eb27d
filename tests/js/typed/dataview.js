// DataView (ECMA-262 §25.3): every get/set type in both byte orders, offsets, bounds errors.
const show = (x) => (Object.is(x, -0) ? '-0' : Number.isNaN(x) ? 'NaN' : x);
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const buf = new Uint8Array([0x80, 0x01, 0x02, 0x03, 0xff, 0xfe, 0x7f, 0x40, 0x49, 0x0f, 0xdb, 0x3f, 0xf0, 0, 0, 0]).buffer;
const dv = new DataView(buf, 1);
const types = ['Int8', 'Uint8', 'Int16', 'Uint16', 'Int32', 'Uint32', 'Float32', 'Float64'];
const reads = {};
for (const t of types) {
  reads[t] = [];
  for (let off = 0; off < 8; off += 3) reads[t].push(show(dv[`get${t}`](off)), show(dv[`get${t}`](off, true)));
}
const writes = {};
for (const t of types) {
  const w = new DataView(new ArrayBuffer(10));
  w[`set${t}`](1, -1.5);
  w[`set${t}`](2, 300.7, true);
  writes[t] = Array.from(new Uint8Array(w.buffer));
}
const f = new DataView(new ArrayBuffer(8));
f.setFloat32(0, Math.PI);
f.setFloat32(4, 1e40, true);
return {
  reads, writes,
  floats: [f.getFloat32(0), f.getFloat32(4, true), f.getUint32(0).toString(16)],
  props: [dv.byteLength, dv.byteOffset, dv.buffer === buf, Object.prototype.toString.call(dv), DataView.length,
    DataView.prototype.getInt8.length, DataView.prototype.setFloat64.length, new DataView(buf, 3, 2).byteLength],
  conversions: (() => { const d = new DataView(new ArrayBuffer(4)); d.setUint8(0, '0x1f'); d.setInt8(1, {}); d.setUint16(2, true); return [d.getUint8(0), d.getInt8(1), d.getUint16(2)]; })(),
  errors: [err(() => dv.getInt32(12)), err(() => dv.getInt8(-1)), err(() => dv.setFloat64(8, 1)), err(() => dv.getUint8(15)),
    err(() => new DataView({})), err(() => new DataView(buf, 17)), err(() => new DataView(buf, 4, 13)), err(() => DataView(buf)),
    err(() => DataView.prototype.getInt8.call({}, 0)), err(() => dv.getInt16(Infinity))],
};
