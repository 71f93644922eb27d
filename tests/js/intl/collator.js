// Intl.Collator and String.prototype.localeCompare: sensitivity, numeric, caseFirst, ignorePunctuation,
// usage, locale tailorings (de, fr, ja, sv), sort orders, resolvedOptions, errors.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const words = ["a", "A", "á", "Á", "b", "B", "ä", "Ä", "z", "Z", "ö", "o", "oe", "ß", "ss", "å", "æ", "ø", "item10", "item2", "item1",
  "co-op", "coop", "co op", "résumé", "resume", "Resume", "10", "9", "", " ", "-", "_", "!", "ｱ", "ア", "あ", "漢", "字", "😀", "e\u0301", "é",
  "ch", "cz", "h", "i", "I", "ı", "İ"];
const sorts = {};
for (const l of ["en-US", "en-GB", "de-DE", "fr-FR", "ja-JP", "sv", "da", "tr", "es"]) {
  sorts[l] = [...words].sort(new Intl.Collator(l).compare).join(" ");
}
const optionSorts = [
  { sensitivity: "base" }, { sensitivity: "accent" }, { sensitivity: "case" }, { numeric: true }, { caseFirst: "upper" },
  { caseFirst: "lower" }, { ignorePunctuation: true }, { usage: "search", sensitivity: "base" },
].map((o) => {
  const c = new Intl.Collator("en", o);
  return [[...words].sort(c.compare).join(" "), words.map((w) => c.compare(w, "a")).join(""), c.resolvedOptions()];
});
return {
  sorts, optionSorts,
  compare: [["a", "b"], ["b", "a"], ["a", "a"], ["a", "A"], ["A", "a"], ["é", "e\u0301"], ["résumé", "resume"], ["2", "10"]].map(([x, y]) => [x.localeCompare(y), x.localeCompare(y, "de"), x.localeCompare(y, undefined, { sensitivity: "base" }), x.localeCompare(y, "en", { numeric: true })]),
  resolved: [new Intl.Collator().resolvedOptions(), new Intl.Collator("de-DE").resolvedOptions(), new Intl.Collator(["xx", "ja-JP"]).resolvedOptions()],
  misc: [Intl.Collator.supportedLocalesOf(["de-DE", "en-US", "xx"]), Object.prototype.toString.call(new Intl.Collator()), Intl.Collator().compare("a", "b"),
    typeof new Intl.Collator().compare, "a".localeCompare(), "undefined".localeCompare(), ["b", "a", "C"].sort(Intl.Collator("en").compare)],
  errors: [t(() => new Intl.Collator("en", { sensitivity: "x" })), t(() => new Intl.Collator("en", { usage: "x" })), t(() => new Intl.Collator("en", { caseFirst: "x" })),
    t(() => "a".localeCompare("b", "en_US")), t(() => String.prototype.localeCompare.call(null, "b")), t(() => "a".localeCompare("b", "xx-invalid-")),
    t(() => Object.getOwnPropertyDescriptor(Intl.Collator.prototype, "compare").get.call({}))],
};
