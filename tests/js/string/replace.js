// replace / replaceAll with string patterns: $ patterns, function replacers, delegation.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const s = "the cat sat on the mat";
const pats = ["[$&]", "[$`]", "[$']", "$$", "$", "$0", "$1", "$01", "$10", "$<x>", "$&$&", "a$", "$$$&$"];
return {
  replace: [s.replace("at", "og"), s.replace("zz", "og"), s.replace("", "_"), s.replace("the", ""), "aaa".replace("a", "b")],
  replaceAll: [s.replaceAll("at", "og"), s.replaceAll("the", "THE"), "aaa".replaceAll("a", "bb"), "aaa".replaceAll("aa", "b"), "abc".replaceAll("", "-"), "".replaceAll("", "x"), s.replaceAll("zz", "q")],
  patterns: pats.map((p) => s.replace("cat", p)),
  patternsAll: pats.map((p) => "xaxbx".replaceAll("x", p)),
  fn: [s.replace("cat", (m, pos, str) => `${m.toUpperCase()}@${pos}/${str.length}`), s.replaceAll("at", (m, p) => p), "abc".replace("b", () => "$&"), "aaa".replaceAll("a", (m, i) => i * 2), "x".replace("x", () => undefined), "x".replace("x", () => ({ toString() { return "obj"; } }))],
  fnEmpty: "abc".replaceAll("", (m, i) => `[${i}]`),
  fnArgs: (() => { const seen = []; "a-b".replace("-", function (...a) { seen.push(a.length, this === undefined); return "+"; }); return seen; })(),
  coerce: ["a1b".replace(1, 2), "anullb".replace(null, "!"), "aundefinedb".replace(undefined, "?"), "a.b".replace({ toString() { return "."; } }, { toString() { return "$&$&"; } }), "123".replace(2, true)],
  delegate: ["abc".replace({ [Symbol.replace](str, rep) { return `${str}|${rep}`; } }, "R"), "abc".replaceAll({ [Symbol.replace](str, rep) { return `all:${str}|${rep}`; } }, "R")],
  delegateUndef: "a.b".replace({ [Symbol.replace]: undefined, toString() { return "."; } }, "!"),
  notCallable: t(() => "abc".replace({ [Symbol.replace]: "x" }, "y")),
  nonGlobal: [t(() => "abc".replaceAll({ [Symbol.match]: true, flags: "i", [Symbol.replace]() { return "never"; } }, "y")), "abc".replaceAll({ [Symbol.match]: true, flags: "gi", [Symbol.replace]() { return "called"; } }, "y")],
  nullFlags: t(() => "abc".replaceAll({ [Symbol.match]: true, flags: null }, "y")),
  unicode: ["\u4e2d\u6587\u4e2d".replaceAll("\u4e2d", "zh"), "abc".replace("b", "\u{1F600}"), "\u00e9t\u00e9".replace("t", "$'$`")],
  thisObj: String.prototype.replace.call({ toString() { return "xyz"; } }, "y", "Y"),
  nullThis: [t(() => String.prototype.replace.call(null, "a", "b")), t(() => String.prototype.replaceAll.call(undefined, "a", "b"))],
  order: (() => { const log = []; const o = (n, v) => ({ toString() { log.push(n); return v; } }); String.prototype.replace.call(o("this", "abc"), o("search", "b"), o("rep", "B")); return log; })(),
  big: "ab".repeat(5000).replaceAll("a", "xyz").length,
  tooLong: t(() => "a".repeat(2 ** 16).replaceAll("a", "$`").length),
};
