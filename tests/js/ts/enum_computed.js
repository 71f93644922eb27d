// Computed enum member names that TS 5 accepts: a string literal or a no-substitution template, named by
// their value (numeric members keep the reverse mapping); const enums inline them.
var E;
(function (E) {
    E[E['a'] = 1] = 'a';
    E[E["b"] = 2] = "b";
    E[`c d`] = "x";
    E[E["e-f"] = 4] = "e-f";
})(E || (E = {}));
var G;
(function (G) {
    G[G["first"] = 0] = "first";
    G[G["second"] = 1] = "second";
    G[G['third'] = 10] = 'third';
})(G || (G = {}));
const out = {};
out.E = E;
out.F = [2 /* F.k */, "mm" /* F.m */];
out.G = G;
out.lookups = [E.a, E.b, E[2], E["c d"], E["e-f"], G.third];
return out;
