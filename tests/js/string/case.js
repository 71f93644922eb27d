// toUpperCase / toLowerCase (full Unicode mapping) and the locale variants.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const samples = ["Hello World 123", "stra\u00dfe", "\u0130stanbul", "I\u0307", "\u03a3\u0391\u03a3", "\u039f\u0394\u039f\u03a3 \u03a3", "\u00ff\u00b5\u00e0", "\u0149", "\ufb03", "\u1e9e", "\uD801\uDC00\uD801\uDC28", "\uD800abc", "\u01c5\u01c4\u01c6", "ABC\u00c0\u00c9"];
return {
  upper: samples.map((s) => s.toUpperCase()),
  lower: samples.map((s) => s.toLowerCase()),
  localeUpperDefault: samples.map((s) => s.toLocaleUpperCase()),
  localeLowerDefault: samples.map((s) => s.toLocaleLowerCase()),
  turkish: ["i\u0131".toLocaleUpperCase("tr"), "I\u0130".toLocaleLowerCase("tr"), "I\u0307".toLocaleLowerCase("tr"), "iI".toLocaleUpperCase("az"), "Iı".toLocaleLowerCase(["tr", "en"]), "TITLE".toLocaleLowerCase("TR-tr")],
  english: ["i".toLocaleUpperCase("en-US"), "I".toLocaleLowerCase(["en"]), "\u0130".toLocaleLowerCase("en"), "a".toLocaleUpperCase([]), "a".toLocaleUpperCase(5)],
  localeErrors: [t(() => "a".toLocaleUpperCase("")), t(() => "a".toLocaleUpperCase("!!")), t(() => "a".toLocaleUpperCase([1])), t(() => "a".toLocaleUpperCase(null))],
  onNonStrings: [String.prototype.toUpperCase.call(true), String.prototype.toLowerCase.call(1e21), String.prototype.toUpperCase.call({ toString() { return "obj"; } })],
  nullThis: t(() => String.prototype.toUpperCase.call(null)),
  unchanged: (() => { const s = "abc"; return s.toLowerCase() === s; })(),
  long: "ab\u00df".repeat(1000).toUpperCase().length,
};
