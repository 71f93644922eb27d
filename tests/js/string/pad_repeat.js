// padStart / padEnd / repeat, including the RangeErrors.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
return {
  padStart: ["abc".padStart(10), "abc".padStart(10, "12"), "abc".padStart(6, "123456"), "abc".padStart(2, "x"), "abc".padStart(-1), "abc".padStart(NaN, "x"), "abc".padStart(5, ""), "abc".padStart(5, undefined), "abc".padStart(5, null), "abc".padStart(8, "\u{1F600}"), "abc".padStart("7", 0), "abc".padStart(4.9, "-")],
  padEnd: ["abc".padEnd(10), "abc".padEnd(10, "12"), "abc".padEnd(6, "123456"), "abc".padEnd(2, "x"), "abc".padEnd(Infinity, "").length, "abc".padEnd(5, true), "\u00e9".padEnd(3, "\u4e2d")],
  lazyFill: (() => { let called = 0; const r = "abc".padStart(2, { toString() { called++; return "x"; } }); return [r, called]; })(),
  fillObj: "5".padStart(3, { toString() { return "0"; } }),
  repeat: ["ab".repeat(3), "ab".repeat(0), "".repeat(100), "x".repeat(2.9), "x".repeat("3"), "x".repeat(null), "x".repeat(undefined), "x".repeat(-0.5), "".repeat(2 ** 40), "\u{1F600}".repeat(2), "ab".repeat(NaN)],
  errors: [t(() => "a".repeat(-1)), t(() => "a".repeat(-1.5)), t(() => "a".repeat(Infinity)), t(() => "".repeat(Infinity)), t(() => "a".repeat(-Infinity)), t(() => "ab".repeat(2 ** 29)), t(() => "abc".padStart(2 ** 30)), t(() => "abc".padEnd(2 ** 53, "x"))],
  nullThis: [t(() => String.prototype.padStart.call(null, 3)), t(() => String.prototype.repeat.call(undefined, 3))],
  bigRepeat: "abc".repeat(10000).length,
};
