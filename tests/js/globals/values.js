// NaN, Infinity, undefined, globalThis and their attributes.
const d = (k) => { const x = Object.getOwnPropertyDescriptor(globalThis, k); return [x.writable, x.enumerable, x.configurable]; };
NaN = 1;
Infinity = 2;
undefined = 3;
return {
  values: [String(NaN), String(Infinity), typeof undefined, globalThis === globalThis.globalThis, typeof globalThis],
  attrs: { NaN: d("NaN"), Infinity: d("Infinity"), undefined: d("undefined"), globalThis: d("globalThis"), parseInt: d("parseInt"), Math: d("Math"), String: d("String"), Symbol: d("Symbol") },
  strict: (() => { "use strict"; try { NaN = 1; return "no error"; } catch (e) { return e.name; } })(),
  deleteNaN: delete globalThis.NaN,
  functions: ["isNaN", "isFinite", "parseInt", "parseFloat", "encodeURI", "encodeURIComponent", "decodeURI", "decodeURIComponent", "escape", "unescape"].map((n) => typeof globalThis[n]),
  enumerable: Object.keys(globalThis).filter((k) => ["NaN", "Math", "String", "parseInt"].includes(k)),
};
