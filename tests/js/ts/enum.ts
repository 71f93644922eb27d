// TypeScript enums (tsc's emit: numeric members with reverse mapping, string members without).
// The twin enum.js is tsc's output for this file (hand-written: no TypeScript compiler offline).
enum Color { Red, Green, Blue }
enum Status { Active = 'ACTIVE', Inactive = 'INACTIVE', Pending = `PENDING` }
enum Mixed { A = 1, B, C = A * 10, D, E = 'e'.length, F = C | 3, H = -1, I, J = ~E }
enum Flags { None = 0, Read = 1 << 0, Write = 1 << 1, RW = Read | Write, Named = Color.Blue + 100 }
const enum Dir { Up = 1, Down, Left = 'L', Right = Left + 'R' }
enum Merged { X = 5 }
enum Merged { Y = X + 1, Z = 9 }
declare enum Ambient { Q }
enum Quoted { 'with space' = 3, 'plain' }
function lookup(e: typeof Color, name: string): number {
  return (e as any)[name];
}
let c: Color = Color.Green;
const out = {
  color: Color,
  status: Status,
  mixed: Mixed,
  flags: Flags,
  dir: [Dir.Up, Dir.Down, Dir.Left, Dir.Right],
  merged: Merged,
  quoted: Quoted,
  reverse: [Color[0], Color[Color.Blue], Mixed[11], Status['ACTIVE' as any] ?? null],
  lookup: lookup(Color, 'Blue'),
  c,
  keys: Object.keys(Color),
  ambientDeclared: typeof (globalThis as any).Ambient,
  inFunction: (() => {
    enum Local { P = 2, Q = P * P }
    return [Local.P, Local.Q, Local[4]];
  })(),
};
return out;
