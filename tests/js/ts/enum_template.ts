// Template-literal enum members with constant substitutions are constant strings (TS 5): no reverse
// mapping, and allowed in a const enum.
enum C { K = "k", M = `${K}m`, N = `${1 + 2}`, P = `${K}-${C.M}` }
const enum D { A = "a", B = `${A}b` }
enum E { X = 1, Y = `${X}`.length }
const out: Record<string, unknown> = {};
out.C = C;
out.D = [D.A, D.B];
out.E = E;
return out;
