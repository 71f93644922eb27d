// Annex B HTML methods.
return [
  "abc".anchor('"x"'), "abc".big(), "abc".blink(), "abc".bold(), "abc".fixed(), "abc".fontcolor("red"),
  "abc".fontsize(7), "abc".italics(), "abc".link("http://a?b=\"c\""), "abc".small(), "abc".strike(),
  "abc".sub(), "abc".sup(), "abc".link(), String.prototype.big.call(1), "abc".anchor.length, "abc".big.length,
];
