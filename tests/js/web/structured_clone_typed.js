// structuredClone of ArrayBuffer, typed arrays and DataView (HTML §2.7.3): bytes copied, element types and
// offsets kept, views that share one buffer share its clone, the clone is independent of the source.
const buf = new ArrayBuffer(12);
const u8 = new Uint8Array(buf);
u8.set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
const src = { u8, sub: u8.subarray(4, 8), f32: new Float32Array(buf, 4, 2), dv: new DataView(buf, 2, 6), buf, list: [new Int16Array([-1, 300])] };
const c = structuredClone(src);
c.u8[5] = 99;
return {
  types: [c.u8.constructor.name, c.sub.constructor.name, c.f32.constructor.name, c.dv.constructor.name, c.buf.constructor.name, c.list[0].constructor.name],
  shared: [c.u8.buffer === c.sub.buffer, c.sub.buffer === c.f32.buffer, c.dv.buffer === c.buf, c.buf !== buf],
  offsets: [c.sub.byteOffset, c.sub.length, c.f32.byteOffset, c.f32.length, c.dv.byteOffset, c.dv.byteLength],
  values: [Array.from(c.sub), c.dv.getUint8(3), Array.from(c.list[0]), u8[5]],
  alone: (() => { const t = structuredClone(new Uint16Array([7, 8]).subarray(1)); return [t.length, t.byteOffset, t.buffer.byteLength, t[0]]; })(),
};
