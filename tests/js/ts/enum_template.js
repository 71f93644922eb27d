// tsc 5.9 output for enum_template.ts (target ES2022), the body of the program.
// Template-literal enum members with constant substitutions are constant strings (TS 5): no reverse
// mapping, and allowed in a const enum.
let C;
(function (C) {
    C["K"] = "k";
    C["M"] = "km";
    C["N"] = "3";
    C["P"] = "k-km";
})(C || (C = {}));
let E;
(function (E) {
    E[E["X"] = 1] = "X";
    E[E["Y"] = `${E.X}`.length] = "Y";
})(E || (E = {}));
const out = {};
out.C = C;
out.D = ["a" /* D.A */, "ab" /* D.B */];
out.E = E;
return out;
