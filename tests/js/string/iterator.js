// String.prototype[Symbol.iterator] iterates code points.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const s = "a\u{1F600}\uD800b\uDC00\u00e9";
const out = [];
for (const ch of s) out.push(ch.length);
const it = s[Symbol.iterator]();
const first = it.next();
return {
  spread: [...s].length,
  lengths: out,
  first,
  iterTag: Object.prototype.toString.call(it),
  selfIter: it[Symbol.iterator]() === it,
  rest: [...it].join("|").length,
  done: it.next(),
  empty: [..."'"].length,
  name: String.prototype[Symbol.iterator].name,
  onNumber: [...String.prototype[Symbol.iterator].call(123)],
  nullThis: t(() => String.prototype[Symbol.iterator].call(null)),
  destructure: (() => { const [a, b, ...c] = "x\u{1F601}yz"; return [a, b.codePointAt(0), c]; })(),
  nextProto: Object.getPrototypeOf(it) === Object.getPrototypeOf(""[Symbol.iterator]()),
};
