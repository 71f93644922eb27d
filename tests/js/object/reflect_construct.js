// Reflect.construct with a newTarget other than the target: ordinary functions, derived classes, built-ins (prototype from newTarget, §10.1.14)
const r = {};
function F() { this.nt = new.target === G; }
function G() {}
G.prototype = { g: 1 };
const a = Reflect.construct(F, [], G);
r.ordinary = [Object.getPrototypeOf(a) === G.prototype, a.nt, a.g];
class A { constructor(x) { this.x = x; this.nt = new.target.name; } }
class B extends A { constructor(x) { super(x * 2); this.b = new.target === C; } }
class C { m() { return 'c'; } }
const b = Reflect.construct(B, [5], C);
r.derived = [Object.getPrototypeOf(b) === C.prototype, b.x, b.nt, b.b, b.m()];
const c = Reflect.construct(A, [1], C);
r.base = [c instanceof C, c.nt, c.x];
class MyArr extends Array {}
const arr = Reflect.construct(Array, [3], MyArr);
r.array = [arr instanceof MyArr, arr.length, Array.isArray(arr)];
class MyMap extends Map {}
const m = Reflect.construct(Map, [[[1, 2]]], MyMap);
r.map = [m instanceof MyMap, m.get(1)];
const d = Reflect.construct(Date, [0], MyArr);
r.date = [d instanceof MyArr, Object.prototype.toString.call(d)];
function NoProto() {}
NoProto.prototype = 5;
r.fallback = [Object.getPrototypeOf(Reflect.construct(Error, ['x'], NoProto)) === Error.prototype,
  Object.getPrototypeOf(Reflect.construct(F, [], NoProto)) === Object.prototype];
const bound = G.bind(null);
r.boundNT = Object.getPrototypeOf(Reflect.construct(F, [], bound)) === Object.prototype;
function Ret() { return { own: 1 }; }
r.returnsObject = Reflect.construct(Ret, [], G).own;
function RetPrim() { this.q = 1; return 3; }
r.returnsPrim = [Reflect.construct(RetPrim, [], G).q, Reflect.construct(RetPrim, [], G) instanceof G];
try { Reflect.construct(F, [], () => {}); } catch (e) { r.arrowNT = e.constructor.name; }
try { Reflect.construct(() => {}, [], F); } catch (e) { r.arrowT = e.constructor.name; }
class D extends A { constructor() { } }
try { Reflect.construct(D, [], C); } catch (e) { r.noSuper = [e.constructor.name]; }
const p = Reflect.construct(Promise, [(res) => res(7)], G);
r.promise = [Object.getPrototypeOf(p) === G.prototype];
const s = Reflect.construct(String, ['hi'], G);
r.string = [typeof s, s instanceof G, Object.prototype.toString.call(s)];
const gen = Reflect.construct(Object, [], G);
r.object = Object.getPrototypeOf(gen) === G.prototype;
async function later() { await null; return Reflect.construct(B, [2], C).x; }
return later().then((x) => { r.async = x; return r; });
