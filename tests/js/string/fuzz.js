// Random strings (ASCII, Latin-1, CJK, surrogates) through the search/slice/split/replace/pad/trim
// methods with random positions; every result is folded into one line per method.
let seed = 2024;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const alphabet = ["a", "b", "c", "A", " ", "-", "$", "&", "\u00e9", "\u00ff", "\u4e2d", "\ud83d", "\ude00", "\u2028", "\t"];
const word = (max) => { let s = ""; const n = rand(max); for (let i = 0; i < n; i++) s += alphabet[rand(alphabet.length)]; return s; };
const pos = () => [0, 1, 2, 3, 5, 8, -1, -2, -5, 100, NaN, Infinity, -Infinity, undefined, 1.5][rand(15)];
const enc = (v) => typeof v === "string" ? [...v].map((c) => c.charCodeAt(0).toString(36)).join(".") : Array.isArray(v) ? `[${v.map(enc).join(",")}]` : String(v);
const lines = {};
const add = (k, v) => { lines[k] = (lines[k] || "") + enc(v) + ";"; };
for (let i = 0; i < 300; i++) {
  const s = word(12), t = word(3), p = pos(), q = pos();
  add("indexOf", s.indexOf(t, p));
  add("lastIndexOf", s.lastIndexOf(t, p));
  add("includes", s.includes(t, p));
  add("startsWith", s.startsWith(t, p));
  add("endsWith", s.endsWith(t, p));
  add("slice", s.slice(p, q));
  add("substring", s.substring(p, q));
  add("substr", s.substr(p, q));
  add("at", s.at(p));
  add("charAt", s.charAt(p));
  add("codePointAt", s.codePointAt(p));
  add("split", s.split(t, rand(4) === 0 ? p : undefined));
  add("replace", s.replace(t, word(4)));
  add("replaceAll", s.replaceAll(t, word(4)));
  add("padStart", s.padStart(rand(15), t));
  add("padEnd", s.padEnd(rand(15), t));
  add("trim", s.trim() + "|" + s.trimStart() + "|" + s.trimEnd());
  add("case", s.toUpperCase() + "|" + s.toLowerCase());
  add("wellFormed", s.isWellFormed() + s.toWellFormed());
  add("repeat", s.repeat(rand(3)));
  add("iter", [...s].length);
}
const hash = (str) => { let h = 0; for (let i = 0; i < str.length; i++) h = (h * 31 + str.charCodeAt(i)) % 1000000007; return h; };
const out = {};
for (const k in lines) out[k] = [hash(lines[k]), lines[k].length, lines[k].slice(0, 60)];
return out;
