// Subclassing String and Symbol (classes).
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
class MyStr extends String { shout() { return this.toUpperCase() + "!"; } }
const m = new MyStr("hey");
class Sym extends Symbol {}
return {
  str: [m.shout(), m.length, m[1], m instanceof MyStr, m instanceof String, typeof m, m + "", Object.getPrototypeOf(m) === MyStr.prototype],
  sym: t(() => new Sym()),
};
