// indexOf / lastIndexOf / includes / startsWith / endsWith.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const s = "abcabcABC\u00e9\u{1F600}abc";
const long = "ab".repeat(200) + "abc" + "ab".repeat(200);
const needle = "ab".repeat(30) + "c";
const uni = "\u4e2d\u6587abc\u4e2d\u6587";
return {
  indexOf: [s.indexOf("abc"), s.indexOf("abc", 1), s.indexOf("abc", -5), s.indexOf("abc", 100), s.indexOf(""), s.indexOf("", 5), s.indexOf("", 100), s.indexOf("ABC"), s.indexOf("\u{1F600}"), s.indexOf("\uDE00"), s.indexOf("zzz"), s.indexOf(), "undefined".indexOf(), s.indexOf("c", NaN), s.indexOf("c", Infinity), s.indexOf("c", 2.9)],
  lastIndexOf: [s.lastIndexOf("abc"), s.lastIndexOf("abc", 5), s.lastIndexOf("abc", 2), s.lastIndexOf("abc", -1), s.lastIndexOf("abc", 0), s.lastIndexOf("abc", NaN), s.lastIndexOf(""), s.lastIndexOf("", 3), s.lastIndexOf("", 100), s.lastIndexOf("zzz"), "aaa".lastIndexOf("aa"), "aaa".lastIndexOf("aa", 0), "a".lastIndexOf("aa"), s.lastIndexOf("c", Infinity), s.lastIndexOf("c", -Infinity)],
  includes: [s.includes("ABC"), s.includes("abc", 13), s.includes("abc", 14), s.includes(""), s.includes("x"), "undefined".includes()],
  startsWith: [s.startsWith("abc"), s.startsWith("bc", 1), s.startsWith("abc", -3), s.startsWith("", 100), s.startsWith("abc", 3), s.startsWith("ABC", 6), s.startsWith("abcabcABC\u00e9\u{1F600}abc!")],
  endsWith: [s.endsWith("abc"), s.endsWith("ABC", 9), s.endsWith("abc", 3), s.endsWith("a", 1), s.endsWith("", -1), s.endsWith("abc", Infinity), s.endsWith("abc", -Infinity), s.endsWith("c", undefined), s.endsWith("x")],
  longPattern: [long.indexOf(needle), long.lastIndexOf(needle), long.includes(needle + "x"), long.indexOf("ab".repeat(201)), long.lastIndexOf("ab".repeat(200)), long.lastIndexOf("ab".repeat(200), 300)],
  twoByte: [uni.indexOf("abc"), uni.indexOf("\u6587"), uni.lastIndexOf("\u6587"), uni.indexOf("\u6587", 2), "abc".indexOf("\u4e2d"), uni.includes("c\u4e2d"), uni.startsWith("\u4e2d\u6587a"), uni.endsWith("c\u4e2d\u6587")],
  fakeRegExp: t(() => "abc".startsWith({ [Symbol.match]: true, toString() { return "a"; } })),
  objectArgs: [s.indexOf({ toString() { return "ABC"; } }), s.includes("abc", { valueOf() { return 13; } }), "a1b".indexOf(1)],
  onThis: [String.prototype.indexOf.call(123123, 3, 3), String.prototype.includes.call({ toString() { return "hello"; } }, "ell")],
  nullThis: t(() => String.prototype.includes.call(null, "a")),
};
