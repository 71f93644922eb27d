// Boolean.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const b = new Boolean(false);
return {
  calls: [Boolean(), Boolean(0), Boolean(-0), Boolean(NaN), Boolean(""), Boolean(" "), Boolean("false"), Boolean(null), Boolean(undefined), Boolean({}), Boolean([]), Boolean(Symbol()), Boolean(new Boolean(false))],
  wrapper: [typeof b, b ? "truthy" : "falsy", b.valueOf(), b.toString(), String(b), b == false, Object.prototype.toString.call(b)],
  proto: [Boolean.prototype.valueOf(), Boolean.prototype.toString(), Boolean.length, Boolean.name, Boolean.prototype.constructor === Boolean],
  methods: [true.toString(), false.valueOf(), Boolean.prototype.toString.call(true)],
  errors: [t(() => Boolean.prototype.toString.call(1)), t(() => Boolean.prototype.valueOf.call("true")), t(() => Boolean.prototype.valueOf.call({}))],
};
