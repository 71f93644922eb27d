// tsc's output for namespace.ts (hand-written twin; see tests/js/ts/README.md).
var Geometry;
(function (Geometry) {
    const secret = 'hidden';
    Geometry.PI2 = Math.PI * 2;
    Geometry.count = 0;
    function circle(r) {
        Geometry.count++;
        return round(Geometry.PI2 * r);
    }
    Geometry.circle = circle;
    function round(x) {
        return Math.round(x * 100) / 100;
    }
    class Point {
        x;
        y;
        constructor(x, y) {
            this.x = x;
            this.y = y;
        }
        norm() { return Math.hypot(this.x, this.y); }
    }
    Geometry.Point = Point;
    let Axis;
    (function (Axis) {
        Axis[Axis["X"] = 0] = "X";
        Axis[Axis["Y"] = 1] = "Y";
    })(Axis = Geometry.Axis || (Geometry.Axis = {}));
    let Inner;
    (function (Inner) {
        Inner.label = `inner of ${secret}`;
        function twice() { return circle(1) * 2; }
        Inner.twice = twice;
    })(Inner = Geometry.Inner || (Geometry.Inner = {}));
    function peek() { return secret; }
    Geometry.peek = peek;
})(Geometry || (Geometry = {}));
(function (Geometry) {
    Geometry.merged = Geometry.PI2 > 6;
    function counted() { return Geometry.count; }
    Geometry.counted = counted;
})(Geometry || (Geometry = {}));
var A;
(function (A) {
    let B;
    (function (B) {
        let C;
        (function (C) {
            C.deep = 'abc';
            function up() { return C.deep.toUpperCase(); }
            C.up = up;
        })(C = B.C || (B.C = {}));
    })(B = A.B || (A.B = {}));
})(A || (A = {}));
(function (A) {
    let B;
    (function (B) {
        B.sibling = B.C.deep + '!';
    })(B = A.B || (A.B = {}));
})(A || (A = {}));
function Greeter(name) { return 'hi ' + name; }
(function (Greeter) {
    Greeter.polite = 'good day';
})(Greeter || (Greeter = {}));
class Shape {
    static kind = 'shape';
}
(function (Shape) {
    Shape.sides = 0;
})(Shape || (Shape = {}));
var Level;
(function (Level) {
    Level[Level["Low"] = 0] = "Low";
    Level[Level["High"] = 1] = "High";
})(Level || (Level = {}));
(function (Level) {
    function parse(s) { return s === 'high' ? Level.High : Level.Low; }
    Level.parse = parse;
})(Level || (Level = {}));
var Legacy;
(function (Legacy) {
    Legacy.old = true;
})(Legacy || (Legacy = {}));
var Text;
(function (Text) {
    const re = /[a-z]+\/x/g;
    const t = `a${`b${1}`}c`;
    Text.words = 'ab/x cd/x'.match(re);
    Text.tpl = t, Text.half = 10 / 2 / 1;
    Text.len = Text.words.length + Text.tpl.length + Text.half;
})(Text || (Text = {}));
const p = new Geometry.Point(3, 4);
return {
    circle: Geometry.circle(2),
    count: Geometry.count,
    counted: Geometry.counted(),
    norm: p.norm(),
    pointIsInstance: p instanceof Geometry.Point,
    axis: Geometry.Axis,
    inner: [Geometry.Inner.label, Geometry.Inner.twice(), Geometry.count],
    peek: Geometry.peek(),
    secretHidden: Geometry.secret === undefined,
    roundHidden: typeof Geometry.round,
    merged: Geometry.merged,
    keys: Object.keys(Geometry),
    deep: [A.B.C.deep, A.B.C.up(), A.B.sibling, Object.keys(A), Object.keys(A.B)],
    greeter: [Greeter('x'), Greeter.polite, typeof Greeter],
    shape: [Shape.kind, Shape.sides, typeof Shape],
    level: [Level.parse('high'), Level[1], Object.keys(Level)],
    legacy: Legacy.old,
    text: [Text.words, Text.tpl, Text.len],
    ambient: typeof globalThis.Ambient,
};
