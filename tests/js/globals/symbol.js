// Symbol: constructor, description, registry, well-known symbols, prototype methods.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const a = Symbol("a"), b = Symbol("a"), none = Symbol(), empty = Symbol("");
const reg = Symbol.for("app.key");
const wk = ["asyncIterator", "hasInstance", "isConcatSpreadable", "iterator", "match", "matchAll", "replace", "search", "species", "split", "toPrimitive", "toStringTag", "unscopables"];
return {
  basics: [typeof a, a === b, a.toString(), none.toString(), empty.toString(), String(a), a.description, none.description ?? "undef", empty.description, Symbol(123).description, Symbol(null).description, Symbol(undefined).description ?? "undef"],
  objDesc: Symbol({ toString() { return "obj"; } }).description,
  registry: [Symbol.for("app.key") === reg, Symbol.keyFor(reg), Symbol.keyFor(a) ?? "undef", Symbol.for("app.key") === Symbol("app.key"), reg.description, Symbol.for().description, Symbol.keyFor(Symbol.for(undefined)), Symbol.for(1) === Symbol.for("1"), Symbol.keyFor(Symbol.iterator) ?? "undef"],
  keyForObj: Symbol.keyFor(Symbol.for({ toString() { return "k"; } })),
  wellKnown: wk.map((k) => typeof Symbol[k] === "symbol" && Symbol[k].description === `Symbol.${k}`),
  wkDesc: (() => { const x = Object.getOwnPropertyDescriptor(Symbol, "iterator"); return [typeof x.value, x.writable, x.enumerable, x.configurable]; })(),
  proto: [Symbol.prototype[Symbol.toStringTag], Object.prototype.toString.call(a), a.valueOf() === a, Object(a).valueOf() === a, Object(a).description, a[Symbol.toPrimitive]("number") === a, typeof Object(a), Object(a) == a],
  toPrimDesc: (() => { const x = Object.getOwnPropertyDescriptor(Symbol.prototype, Symbol.toPrimitive); return [x.writable, x.enumerable, x.configurable, x.value.name, x.value.length]; })(),
  descGetter: (() => { const x = Object.getOwnPropertyDescriptor(Symbol.prototype, "description"); return [typeof x.get, x.set, x.get.name, x.enumerable, x.configurable]; })(),
  keys: (() => { const o = { [a]: 1, x: 2 }; return [Object.keys(o).length, Object.getOwnPropertySymbols(o).length, o[a]]; })(),
  errors: [t(() => new Symbol()), t(() => Symbol(Symbol())), t(() => `${a}`), t(() => a + ""), t(() => +a), t(() => Symbol.keyFor("a")), t(() => Symbol.keyFor({})), t(() => Symbol.keyFor(1)), t(() => Symbol.keyFor()), t(() => Symbol.prototype.toString.call(1)), t(() => Symbol.prototype.valueOf.call("x")), t(() => Symbol.prototype.description), t(() => Symbol.prototype[Symbol.toPrimitive].call(1))],
  fn: [Symbol.length, Symbol.name, Symbol.for.length, Symbol.keyFor.length, typeof Symbol.prototype.constructor],
};
