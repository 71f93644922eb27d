// Computed enum member names that TS 5 accepts: a string literal or a no-substitution template, named by
// their value (numeric members keep the reverse mapping); const enums inline them.
enum E { ['a'] = 1, b, [`c d`] = "x", ["e-f"] = 4 }
const enum F { ['k'] = 2, [`m`] = "mm" }
enum G { ["first"], second, ['third'] = second * 10 }
const out: Record<string, unknown> = {};
out.E = E;
out.F = [F.k, F.m];
out.G = G;
out.lookups = [E.a, E.b, E[2], E["c d"], E["e-f"], G.third];
return out;
