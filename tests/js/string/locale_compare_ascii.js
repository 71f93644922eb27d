// localeCompare on random printable-ASCII (plus TAB/LF/NUL) pairs agrees with ICU exactly, with and
// without options; the result is one sign character per comparison.
let seed = 42;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const alphabet = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCabcXYZxyz[\\]^_`{|}~\t\n\u0000";
const word = () => {
  let s = "";
  const n = rand(5);
  for (let i = 0; i < n; i++) s += alphabet[rand(alphabet.length)];
  return s;
};
const sign = (r) => (r < 0 ? "<" : r > 0 ? ">" : "=");
const variants = [undefined, { sensitivity: "base" }, { sensitivity: "accent" }, { sensitivity: "case" }, { caseFirst: "upper" }, { ignorePunctuation: true }, { numeric: true }, { numeric: true, sensitivity: "base" }];
const out = {};
for (let v = 0; v < variants.length; v++) {
  let line = "";
  for (let i = 0; i < 400; i++) {
    const a = word();
    const b = rand(4) === 0 ? a.toUpperCase() : word();
    line += sign(a.localeCompare(b, undefined, variants[v]));
  }
  out[v] = line;
}
return out;
