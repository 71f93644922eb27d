// The own properties of String, Number, Boolean, Symbol, Math and their prototypes: names, kinds,
// function lengths and names, attributes (Math.f16round and Math.sumPrecise are newer than Node 20).
const describe = (o) => {
  const keys = [...Object.getOwnPropertyNames(o), ...Object.getOwnPropertySymbols(o)].filter((k) => k !== "f16round" && k !== "sumPrecise");
  return keys.map((k) => {
    const d = Object.getOwnPropertyDescriptor(o, k);
    const name = typeof k === "symbol" ? k.toString() : k;
    const attrs = `${d.writable ? "w" : "-"}${d.enumerable ? "e" : "-"}${d.configurable ? "c" : "-"}`;
    if (d.get || d.set) return [name, "accessor", typeof d.get === "function" ? d.get.name : null, d.set === undefined, attrs];
    const v = d.value;
    if (typeof v === "function") return [name, "function", v.name, v.length, attrs];
    return [name, typeof v, typeof v === "symbol" ? v.toString() : typeof v === "number" ? String(v) : typeof v === "object" ? null : v, attrs];
  }).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
};
return {
  String: describe(String),
  StringPrototype: describe(String.prototype),
  Number: describe(Number),
  NumberPrototype: describe(Number.prototype),
  Boolean: describe(Boolean),
  BooleanPrototype: describe(Boolean.prototype),
  Symbol: describe(Symbol),
  SymbolPrototype: describe(Symbol.prototype),
  Math: describe(Math),
  protos: [Object.getPrototypeOf(String.prototype) === Object.prototype, Object.getPrototypeOf(Math) === Object.prototype, Object.getPrototypeOf(String) === Function.prototype],
};
