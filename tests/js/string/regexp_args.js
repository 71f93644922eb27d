// RegExp arguments: includes/startsWith/endsWith refuse them; indexOf stringifies them; match/search
// and friends delegate to the RegExp's Symbol methods.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const s = "abcabc";
return {
  refuse: [t(() => s.includes(/a/)), t(() => s.startsWith(/a/)), t(() => s.endsWith(/a/))],
  stringified: [s.indexOf(/a/), "x/a/".indexOf(/a/)],
  notRegExp: (() => { const r = /abc/; r[Symbol.match] = false; return "x/abc/".includes(r); })(),
  match: [s.match(/b/).index, s.match(/b/g), s.match("c").index, s.match(null), s.search(/c/), s.search("x"), s.replace(/b/g, "B"), s.replaceAll(/b/g, "$&$&"), s.split(/b/), [...s.matchAll(/a(b)/g)].map((m) => m[1] + m.index)],
  errors: [t(() => s.replaceAll(/b/, "x")), t(() => s.matchAll(/b/))],
};
