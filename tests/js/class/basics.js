// Class declarations and expressions: constructor, methods, accessors, static members, computed keys,
// names, enumerability, the inner const binding, TDZ, instanceof and calling without `new`.
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};

class Point {
  constructor(x, y) { this.x = x; this.y = y; }
  get norm() { return Math.hypot(this.x, this.y); }
  set norm(v) { const k = v / this.norm; this.x *= k; this.y *= k; }
  add(o) { return new Point(this.x + o.x, this.y + o.y); }
  toString() { return `(${this.x}, ${this.y})`; }
  static origin() { return new Point(0, 0); }
  static get unit() { return new Point(1, 0); }
}
const p = new Point(3, 4);
r.point = [p.norm, String(p.add(Point.unit)), `${Point.origin()}`, Object.keys(p), JSON.stringify(p)];
p.norm = 10;
r.setter = [p.x, p.y];
r.protoKeys = [Object.getOwnPropertyNames(Point.prototype), Object.keys(Point.prototype), Object.getOwnPropertyNames(Point)];
r.descriptors = (() => {
  const d = Object.getOwnPropertyDescriptor(Point.prototype, 'add');
  const g = Object.getOwnPropertyDescriptor(Point.prototype, 'norm');
  const pr = Object.getOwnPropertyDescriptor(Point, 'prototype');
  const c = Object.getOwnPropertyDescriptor(Point.prototype, 'constructor');
  return [d.enumerable, d.writable, d.configurable, typeof g.get, typeof g.set, g.enumerable, pr.writable, pr.enumerable, pr.configurable, c.enumerable, c.writable];
})();
r.names = [Point.name, Point.prototype.add.name, Object.getOwnPropertyDescriptor(Point.prototype, 'norm').get.name, Object.getOwnPropertyDescriptor(Point, 'unit').get.name, Point.origin.name, Point.length];
r.types = [typeof Point, typeof Point.prototype, Point.prototype.constructor === Point, Object.getPrototypeOf(p) === Point.prototype, p instanceof Point, p instanceof Object];
r.noNew = [err(() => Point(1, 2)), err(() => Point.call({}, 1, 2))];

// Expressions and name inference.
const Anon = class {};
const Named = class Inner { who() { return Inner.name; } };
const obj = { K: class {}, ['comp' + 'uted']: 1 };
let assigned;
assigned = class {};
r.exprNames = [Anon.name, Named.name, new Named().who(), typeof Inner, obj.K.name, assigned.name, (class {}).name, (() => class {})().name];

// Computed keys, symbol keys, numeric keys, getters named after keys.
const key = 'dyn';
const sym = Symbol('tag');
class Keys {
  [key + 'Method']() { return 1; }
  [sym]() { return 'sym'; }
  42() { return 'num'; }
  'quoted key'() { return 'q'; }
  get [key]() { return 'getter'; }
  static [`s${1 + 1}`]() { return 's2'; }
}
const k = new Keys();
r.computed = [k.dynMethod(), k[sym](), k[42](), k['quoted key'](), k.dyn, Keys.s2(), Keys.prototype.dynMethod.name, Keys.prototype[sym].name, Keys.prototype[42].name, Object.getOwnPropertyDescriptor(Keys.prototype, 'dyn').get.name, Object.getOwnPropertyNames(Keys.prototype)];

// The inner binding is const and in its TDZ during the heritage and computed keys; the outer one is
// a mutable let.
r.innerConst = err(() => { class C { static m() { C = 1; } } C.m(); });
r.outerLet = (() => { class C {} const old = C; C = 5; return [typeof old, C]; })();
r.innerSurvives = (() => { class C { static self() { return C; } } const D = C; C = null; return D.self() === D; })();
r.tdzHeritage = err(() => { class C extends C {} });
r.tdzKey = err(() => { class C { [C.name]() {} } });
r.tdzBefore = err(() => { new D(); class D {} });
r.hoisting = typeof (() => { try { return typeof E; } catch (e) { return e.name; } class E {} })();

// Strict mode bodies; accessors without the other half; class in a loop gives a fresh class each time.
r.strict = [err(() => { class S { m() { undeclaredVar = 1; } } new S().m(); }), (class { m() { return this; } }).prototype.m.call(undefined)];
r.halfAccessors = (() => {
  class H { get only() { return 1; } set w(v) { this._w = v; } }
  const h = new H();
  return [h.only, err(() => { h.only = 2; }), h.w, (h.w = 3, h._w)];
})();
r.fresh = (() => { const cs = []; for (let i = 0; i < 3; i++) cs.push(class { v() { return i; } }); return [cs[0] === cs[1], cs.map((C) => new C().v())]; })();
r.methodsShared = new Point(1, 1).add === new Point(2, 2).add;
r.instance = new Point(1, 2);
r.withNested = { p: new Point(5, 6), list: [new Point(7, 8)] };
return r;
