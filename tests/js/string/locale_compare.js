// localeCompare: ICU root collation order (exact for ASCII), options, sorting.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const ascii = [];
for (let i = 32; i < 127; i++) ascii.push(String.fromCharCode(i));
const sorted = [...ascii].sort((a, b) => a.localeCompare(b)).join("");
const words = ["banana", "Apple", "apple", "cherry", "Banana", "apple pie", "apple-pie", "applepie", "a", "A", "_a", "1", "10", "2", "a1", "a10", "a2", "", " ", "Zebra", "zebra", "z", "aB", "Ab", "ab", "AB"];
const c = (a, b, o) => a.localeCompare(b, undefined, o);
return {
  sorted,
  words: [...words].sort((a, b) => a.localeCompare(b)),
  numeric: [...words].sort((a, b) => c(a, b, { numeric: true })),
  upperFirst: ["a", "A", "b", "B", "aB", "Ab"].sort((a, b) => c(a, b, { caseFirst: "upper" })),
  pairs: [c("a", "b"), c("b", "a"), c("a", "a"), c("a", "A"), c("A", "a"), c("", "a"), c("a", ""), c("", ""), c("a\u0000", "a"), c("\u0001", "\u0002"), c("\t", " "), c("\n", "\t"), c("a b", "ab"), c("a-b", "ab")],
  num: [c("01", "1", { numeric: true }), c("a01", "a1", { numeric: true }), c("a001b", "a1c", { numeric: true }), c("2", "10", { numeric: true }), c("x9", "x10", { numeric: true }), c("1.5", "1.10", { numeric: true }), c("item 20", "item 3", { numeric: true }), c("item 20", "item 3")],
  sensitivity: [c("a", "A", { sensitivity: "base" }), c("a", "\u00e1", { sensitivity: "base" }), c("a", "b", { sensitivity: "base" }), c("a", "A", { sensitivity: "accent" }), c("a", "\u00e1", { sensitivity: "accent" }), c("a", "A", { sensitivity: "case" }), c("a", "\u00e1", { sensitivity: "case" }), c("\u00e1", "A", { sensitivity: "case" }), c("a", "A", { sensitivity: "variant" })],
  punctuation: [c("a-b", "ab", { ignorePunctuation: true }), c("a b", "ab", { ignorePunctuation: true }), c("a$b", "ab", { ignorePunctuation: true }), c("a+b", "ab", { ignorePunctuation: true }), c("a.b,c", "abc", { ignorePunctuation: true })],
  accents: [c("\u00e9", "f"), c("\u00e9", "e"), c("\u00e9a", "eb"), c("E", "\u00e9"), c("R\u00e9sum\u00e9", "resume"), c("resume", "r\u00e9sum\u00e9"), c("cafe\u0301", "caf\u00e9"), c("\u00e0", "\u00e1"), c("\u00e4", "b"), c("na\u00efve", "naive")],
  latin: [c("\u00e6", "af"), c("\u00e6", "ae"), c("\u00f8", "p"), c("\u00f8", "o"), c("\u00df", "st"), c("\u00df", "ss"), c("\u0153", "oe"), c("\u0142", "m"), c("\u0111", "e")],
  scripts: [c("\u03b1", "z"), c("\u03a9", "\u03c9"), c("\u044f", "z"), c("\u4e2d", "z"), c("\u00a0", "!"), c("a\u200bb", "ab"), c("a\u00adb", "ab")],
  locales: [c("a", "B"), "a".localeCompare("B", "en"), "a".localeCompare("B", "en-US"), "a".localeCompare("B", ["de", "fr"]), "a10".localeCompare("a9", "en-u-kn"), "a10".localeCompare("a9", "en-u-kn-true"), "a10".localeCompare("a9", "en-u-kn-false", { numeric: true }), "a".localeCompare("b", 5)],
  errors: [t(() => "a".localeCompare("b", "!!")), t(() => c("a", "b", { sensitivity: "x" })), t(() => c("a", "b", { caseFirst: "x" })), t(() => "a".localeCompare("b", null))],
  objects: [String.prototype.localeCompare.call({ toString() { return "b"; } }, { toString() { return "a"; } }), "a".localeCompare("A", undefined, { get sensitivity() { return "base"; } }), "x".localeCompare("X", undefined, { sensitivity: { toString() { return "base"; } } })],
  undefinedThat: ["undefined".localeCompare(), "a".localeCompare()],
  sortObjects: [{ n: "bob" }, { n: "Alice" }, { n: "alice" }, { n: "Bob" }, { n: "\u00c9mile" }, { n: "Emile" }, { n: "emile" }].sort((x, y) => x.n.localeCompare(y.n)).map((x) => x.n),
};
