// ArrayBuffer (ECMA-262 §25.1): constructor, byteLength, slice, isView, views sharing one buffer.
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const b = new ArrayBuffer(8);
const u8 = new Uint8Array(b);
const u32 = new Uint32Array(b, 4, 1);
u32[0] = 0x01020304;
const s = b.slice(2, -1);
new Uint8Array(s)[0] = 77;
return {
  basics: [b.byteLength, b.maxByteLength, b.resizable, Object.prototype.toString.call(b), ArrayBuffer.name, ArrayBuffer.length,
    typeof ArrayBuffer.prototype.slice, new ArrayBuffer().byteLength, new ArrayBuffer('3').byteLength, new ArrayBuffer(2.9).byteLength],
  shared: Array.from(u8),
  slice: [s.byteLength, Array.from(new Uint8Array(s)), Array.from(u8), b.slice(-3).byteLength, b.slice(5, 2).byteLength,
    s instanceof ArrayBuffer, b.slice(0).byteLength],
  isView: [ArrayBuffer.isView(u8), ArrayBuffer.isView(new DataView(b)), ArrayBuffer.isView(b), ArrayBuffer.isView([]), ArrayBuffer.isView()],
  views: [u32.byteOffset, u32.length, u32.buffer === b, new Int16Array(b, 2).length, new Float64Array(b).length],
  errors: [err(() => ArrayBuffer(1)), err(() => new ArrayBuffer(-1)), err(() => new ArrayBuffer(2 ** 53)),
    err(() => new Uint8Array(b, 9)), err(() => new Uint16Array(b, 1)), err(() => new Uint16Array(new ArrayBuffer(5))),
    err(() => new Uint32Array(b, 4, 2)), err(() => new Uint8Array(b, -1)),
    err(() => Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get.call({})),
    err(() => b.resize(4))],
  json: [JSON.stringify(b), JSON.stringify({ b, v: new DataView(b) }), Object.keys(b)],
  subclass: (() => { class Buf extends ArrayBuffer {} const x = new Buf(4); return [x.byteLength, x instanceof Buf, ArrayBuffer[Symbol.species] === ArrayBuffer]; })(),
};
