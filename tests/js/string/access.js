// at / charAt / charCodeAt / codePointAt with surrogates and odd positions.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const s = "a\u{1F600}b\uD800c";
const positions = [0, 1, 2, 3, 4, 5, 6, 7, -1, -7, -8, 1.9, -0.5, NaN, Infinity, -Infinity, "2", null, undefined, true, [1], "x"];
return {
  length: s.length,
  at: positions.map((p) => s.at(p) ?? "undef"),
  charAt: positions.map((p) => s.charAt(p)),
  charCodeAt: positions.map((p) => String(s.charCodeAt(p))),
  codePointAt: positions.map((p) => s.codePointAt(p) ?? "undef"),
  noArgs: [s.at(), s.charAt(), s.charCodeAt(), s.codePointAt()],
  empty: ["".at(0) ?? "undef", "".charAt(0), String("".charCodeAt(0)), "".codePointAt(0) ?? "undef"],
  onNumber: [String.prototype.charAt.call(12345, 2), String.prototype.at.call(true, -1)],
  objPos: s.charAt({ valueOf() { return 2; } }),
  symPos: t(() => s.charAt(Symbol())),
  nullThis: t(() => String.prototype.charAt.call(null, 0)),
  undefThis: t(() => String.prototype.at.call(undefined, 0)),
  loneTrail: ["\uDC00x".codePointAt(0), "\uD83D".codePointAt(0), "\uD83D\uD83D\uDE00".codePointAt(0), "\uD83D\uD83D\uDE00".codePointAt(1)],
  index: [s[1], s[7], s["0"]],
};
