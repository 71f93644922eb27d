// split with string separators and limits, and delegation to Symbol.split.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const s = "a,b,,c,";
return {
  basic: [s.split(","), s.split(",", 2), s.split(",", 0), s.split(",", -1), s.split(",", 2 ** 32 + 1), s.split(",", NaN), s.split(",", "3"), s.split(",", undefined)],
  noSep: [s.split(), s.split(undefined), s.split(undefined, 0), "".split()],
  empty: ["abc".split(""), "abc".split("", 2), "".split(""), "".split(","), "\u{1F600}x".split("")],
  multi: ["a::b::c".split("::"), "::".split("::"), "aaaa".split("aa"), "a b  c".split(" "), "abc".split("abc"), "abc".split("abcd")],
  nullSep: ["anullb".split(null), "a1b1c".split(1), "atruebtrue".split(true)],
  twoByte: ["\u4e2d,\u6587,x".split(","), "a\u4e2db\u4e2dc".split("\u4e2d"), "a\u4e2db".split("x")],
  delegate: "abc".split({ [Symbol.split](str, lim) { return ["custom", str, lim]; } }, 7),
  delegateUndef: "a-b".split({ [Symbol.split]: undefined, toString() { return "-"; } }),
  delegateNull: "a-b".split({ [Symbol.split]: null, toString() { return "-"; } }),
  notCallable: t(() => "abc".split({ [Symbol.split]: 1 })),
  getter: "x|y".split({ get [Symbol.split]() { return (s) => `got ${s}`; } }),
  objSep: "a-b-c".split({ toString() { return "-"; } }, { valueOf() { return 2; } }),
  objThis: String.prototype.split.call({ toString() { return "1.2.3"; } }, "."),
  order: (() => { const log = []; String.prototype.split.call({ toString() { log.push("this"); return "a"; } }, { toString() { log.push("sep"); return ","; } }, { valueOf() { log.push("limit"); return 5; } }); return log; })(),
  numberThis: String.prototype.split.call(1.5e3, "0"),
  nullThis: t(() => String.prototype.split.call(null, ",")),
  big: "x,".repeat(10000).split(",").length,
};
