// trim / trimStart / trimEnd with every JS white space and line terminator.
const ws = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";
const s = ws + "a b\u200bc" + ws;
return {
  trim: s.trim(),
  trimStart: s.trimStart().length,
  trimEnd: s.trimEnd().length,
  notWhite: ["\u200b x \u200b".trim(), "\u180ex\u180e".trim(), "\u0085x\u0085".trim()],
  allWhite: [ws.trim(), ws.trimStart(), ws.trimEnd()],
  aliases: [String.prototype.trimLeft === String.prototype.trimStart, String.prototype.trimRight === String.prototype.trimEnd, String.prototype.trimLeft.name, String.prototype.trimRight.name],
  onNumber: String.prototype.trim.call(42),
  empty: ["".trim(), "  ".trimStart(), "x".trimEnd()],
};
