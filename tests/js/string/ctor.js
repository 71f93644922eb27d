// The String constructor, wrapper objects, fromCharCode, fromCodePoint, raw.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const w = new String("ab\u{1F600}");
return {
  calls: [String(), String(undefined), String(null), String(true), String(-0), String(1e21), String(0.1), String([1, [2, 3]]), String({}), String(Symbol("d")), String(Symbol()), String(12345678901234567890)],
  objects: [String({ toString() { return "ts"; }, valueOf() { return "vo"; } }), String({ valueOf() { return 1; }, toString: undefined }), String([])],
  wrapper: [typeof w, w.length, w[0], w[2], w[3], w[5] ?? "undef", Object.keys(w), w instanceof String, w.valueOf(), w.toString(), w + "!", JSON.stringify(Object.getOwnPropertyNames(w))],
  wrapperDesc: Object.getOwnPropertyDescriptor(w, "0"),
  wrapperLen: Object.getOwnPropertyDescriptor(w, "length"),
  newSym: t(() => new String(Symbol("x"))),
  newObj: new String({ toString() { return "o"; } }).valueOf(),
  props: [String.length, String.name, String.prototype.length, String.prototype.valueOf(), typeof String.prototype, Object.prototype.toString.call(String.prototype)],
  fromCharCode: [String.fromCharCode(), String.fromCharCode(65, 66, 67), String.fromCharCode(0x1F600), String.fromCharCode(-1), String.fromCharCode(65.9), String.fromCharCode("66"), String.fromCharCode(0xD83D, 0xDE00), String.fromCharCode(NaN).charCodeAt(0), String.fromCharCode({ valueOf() { return 97; } }), String.fromCharCode.length],
  fromCodePoint: [String.fromCodePoint(), String.fromCodePoint(65, 0x1F600, 0x10FFFF).length, String.fromCodePoint(0xD800).length, String.fromCodePoint("97"), String.fromCodePoint({ valueOf() { return 98; } }), String.fromCodePoint.length],
  fromCodePointErrors: [t(() => String.fromCodePoint(-1)), t(() => String.fromCodePoint(1.5)), t(() => String.fromCodePoint(0x110000)), t(() => String.fromCodePoint("abc")), t(() => String.fromCodePoint(Infinity)), t(() => String.fromCodePoint(undefined)), t(() => String.fromCodePoint(Symbol()))],
  raw: [String.raw`a\nb${1}c${2}`, String.raw({ raw: "abc" }, 1, 2, 3), String.raw({ raw: ["x", "y"] }, "+", "-"), String.raw({ raw: [] }, 1), String.raw({ raw: { length: 2, 0: "p", 1: "q" } }), String.raw({ raw: { length: 1.9, 0: "only" } }, 9), String.raw.length, t(() => String.raw(null)), t(() => String.raw({}))],
};
