// tsc's output for enum.ts (hand-written twin; see tests/js/ts/README.md).
var Color;
(function (Color) {
    Color[Color["Red"] = 0] = "Red";
    Color[Color["Green"] = 1] = "Green";
    Color[Color["Blue"] = 2] = "Blue";
})(Color || (Color = {}));
var Status;
(function (Status) {
    Status["Active"] = "ACTIVE";
    Status["Inactive"] = "INACTIVE";
    Status["Pending"] = "PENDING";
})(Status || (Status = {}));
var Mixed;
(function (Mixed) {
    Mixed[Mixed["A"] = 1] = "A";
    Mixed[Mixed["B"] = 2] = "B";
    Mixed[Mixed["C"] = 10] = "C";
    Mixed[Mixed["D"] = 11] = "D";
    Mixed[Mixed["E"] = 'e'.length] = "E";
    Mixed[Mixed["F"] = Mixed.C | 3] = "F";
    Mixed[Mixed["H"] = -1] = "H";
    Mixed[Mixed["I"] = 0] = "I";
    Mixed[Mixed["J"] = ~Mixed.E] = "J";
})(Mixed || (Mixed = {}));
var Flags;
(function (Flags) {
    Flags[Flags["None"] = 0] = "None";
    Flags[Flags["Read"] = 1] = "Read";
    Flags[Flags["Write"] = 2] = "Write";
    Flags[Flags["RW"] = 3] = "RW";
    Flags[Flags["Named"] = 102] = "Named";
})(Flags || (Flags = {}));
var Dir;
(function (Dir) {
    Dir[Dir["Up"] = 1] = "Up";
    Dir[Dir["Down"] = 2] = "Down";
    Dir["Left"] = "L";
    Dir["Right"] = "LR";
})(Dir || (Dir = {}));
var Merged;
(function (Merged) {
    Merged[Merged["X"] = 5] = "X";
})(Merged || (Merged = {}));
(function (Merged) {
    Merged[Merged["Y"] = 6] = "Y";
    Merged[Merged["Z"] = 9] = "Z";
})(Merged || (Merged = {}));
var Quoted;
(function (Quoted) {
    Quoted[Quoted["with space"] = 3] = "with space";
    Quoted[Quoted["plain"] = 4] = "plain";
})(Quoted || (Quoted = {}));
function lookup(e, name) {
    return e[name];
}
let c = Color.Green;
const out = {
    color: Color,
    status: Status,
    mixed: Mixed,
    flags: Flags,
    dir: [1 /* Dir.Up */, 2 /* Dir.Down */, "L" /* Dir.Left */, "LR" /* Dir.Right */],
    merged: Merged,
    quoted: Quoted,
    reverse: [Color[0], Color[Color.Blue], Mixed[11], Status['ACTIVE'] ?? null],
    lookup: lookup(Color, 'Blue'),
    c,
    keys: Object.keys(Color),
    ambientDeclared: typeof globalThis.Ambient,
    inFunction: (() => {
        let Local;
        (function (Local) {
            Local[Local["P"] = 2] = "P";
            Local[Local["Q"] = 4] = "Q";
        })(Local || (Local = {}));
        return [Local.P, Local.Q, Local[4]];
    })(),
};
return out;
