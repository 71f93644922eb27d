// normalize, isWellFormed, toWellFormed, concat, lone surrogates.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const cafe1 = "caf\u00e9", cafe2 = "cafe\u0301";
const cp = (s) => [...s].map((c) => c.codePointAt(0).toString(16)).join(" ");
return {
  nfc: [cafe1 === cafe2, cafe1.normalize() === cafe2.normalize(), cp(cafe2.normalize()), cp(cafe1.normalize("NFD")), cp("\ufb01".normalize("NFKC")), cp("\ufb01".normalize("NFKD")), cp("\u1e9b\u0323".normalize("NFC")), cp("\u1e9b\u0323".normalize("NFKD")), cp("\u212b".normalize()), cp("\uac00".normalize("NFD")), cp("\u1100\u1161".normalize("NFC"))],
  ascii: ["abc".normalize("NFKD"), "".normalize()],
  forms: [t(() => "a".normalize("nfc")), t(() => "a".normalize("x")), t(() => "a".normalize(null)), "a".normalize(undefined)],
  lone: [cp("a\uD800\u0301b".normalize("NFC")), cp("\uDC00e\u0301".normalize())],
  wellFormed: ["abc".isWellFormed(), "\u{1F600}".isWellFormed(), "\uD800".isWellFormed(), "a\uDC00".isWellFormed(), "\uDC00\uD800".isWellFormed(), "".isWellFormed()],
  toWellFormed: [cp("a\uD800b".toWellFormed()), cp("\uDC00\uD83D\uDE00\uD83D".toWellFormed()), "ok".toWellFormed()],
  concat: ["a".concat(), "a".concat("b", 1, null, undefined, true, [2, 3], { toString() { return "o"; } }), "".concat("\uD83D", "\uDE00").codePointAt(0), String.prototype.concat.call(1, 2)],
  length: ["\u{1F600}".length, "\u00e9".length, cafe2.length],
  compare: ["\uD800" < "\uFFFF", "\u{1F600}" < "\uFFFF", "a" < "B", "Z" < "a"],
};
