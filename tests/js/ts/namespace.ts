// TypeScript namespaces (tsc's emit: an IIFE per block whose exported members become properties).
// The twin namespace.js is tsc's output for this file (hand-written; see README.md).
namespace Geometry {
  const secret = 'hidden';
  export const PI2 = Math.PI * 2;
  export let count = 0;
  export function circle(r: number): number {
    count++;
    return round(PI2 * r);
  }
  function round(x: number) {
    return Math.round(x * 100) / 100;
  }
  export class Point {
    constructor(public x: number, public y: number) {}
    norm() { return Math.hypot(this.x, this.y); }
  }
  export enum Axis { X, Y }
  export namespace Inner {
    export const label = `inner of ${secret}`;
    export function twice() { return circle(1) * 2; }
  }
  export function peek() { return secret; }
}
namespace Geometry {
  export const merged = PI2 > 6;
  export function counted() { return count; }
}
namespace A.B.C {
  export const deep = 'abc';
  export function up() { return deep.toUpperCase(); }
}
namespace A.B {
  export const sibling = C.deep + '!';
}
function Greeter(name: string) { return 'hi ' + name; }
namespace Greeter {
  export const polite = 'good day';
}
class Shape { static kind = 'shape'; }
namespace Shape {
  export const sides = 0;
}
enum Level { Low, High }
namespace Level {
  export function parse(s: string): Level { return s === 'high' ? Level.High : Level.Low; }
}
declare namespace Ambient { const x: number; }
declare module 'some-module' { export const y: string; }
declare global { interface Window { z: number } }
module Legacy { export const old = true; }
namespace Text {
  const re = /[a-z]+\/x/g;
  const t = `a${`b${1}`}c`;
  export const words = 'ab/x cd/x'.match(re)!;
  export const tpl = t, half = 10 / 2 / 1;
  export const len = words.length + tpl.length + half;
}
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
  secretHidden: (Geometry as any).secret === undefined,
  roundHidden: typeof (Geometry as any).round,
  merged: Geometry.merged,
  keys: Object.keys(Geometry),
  deep: [A.B.C.deep, A.B.C.up(), A.B.sibling, Object.keys(A), Object.keys(A.B)],
  greeter: [Greeter('x'), Greeter.polite, typeof Greeter],
  shape: [Shape.kind, Shape.sides, typeof Shape],
  level: [Level.parse('high'), Level[1], Object.keys(Level)],
  legacy: Legacy.old,
  text: [Text.words, Text.tpl, Text.len],
  ambient: typeof (globalThis as any).Ambient,
};
