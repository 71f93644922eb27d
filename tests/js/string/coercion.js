// Object arguments are coerced through valueOf/toString in the spec's order; symbols throw.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const log = [];
const o = (name, v) => ({ valueOf() { log.push(`${name}.valueOf`); return v; }, toString() { log.push(`${name}.toString`); return String(v); } });
const r1 = String.prototype.slice.call(o("this", "abcdef"), o("start", 1), o("end", 4));
const l1 = log.splice(0);
const r2 = "abcdef".indexOf(o("search", "cd"), o("pos", 1));
const l2 = log.splice(0);
const r3 = "abc".padEnd(o("len", 6), o("fill", "xy"));
const l3 = log.splice(0);
const r4 = Math.max(o("a", 3), o("b", 7), o("c", 5));
const l4 = log.splice(0);
const r5 = "x".concat(o("a", 1), 2, o("b", null));
const l5 = log.splice(0);
const prim = { [Symbol.toPrimitive](hint) { log.push(hint); return hint === "number" ? 2 : "pq"; } };
const r6 = ["abc".charAt(prim), "pqr".startsWith(prim), String(prim), Number(prim)];
const l6 = log.splice(0);
return {
  r1, l1, r2, l2, r3, l3, r4, l4, r5, l5, r6, l6,
  throwsInValueOf: t(() => "abc".charAt({ valueOf() { throw new Error("boom"); } })),
  symbolArg: [t(() => "abc".indexOf(Symbol("s"))), t(() => "abc".charAt(Symbol())), t(() => "abc".concat(Symbol()))],
  noPrimitive: t(() => "abc".charAt({ valueOf() { return {}; }, toString() { return {}; } })),
  arrayArgs: ["abcdef".slice([1], [3]), "a,b".split([","]), "abc".at([-1])],
};
