// extends, super(...), super.x in methods / static methods / accessors / arrows / field initializers,
// derived-constructor `this` rules and return values, new.target, default derived constructors.
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};

class Animal {
  static registry = [];
  constructor(name, ...rest) { this.name = name; this.rest = rest; this.kind = new.target.name; Animal.registry.push(name); }
  speak() { return `${this.name} makes a sound`; }
  get label() { return `<${this.name}>`; }
  set label(v) { this.name = v; }
  static create(name) { return new this(name); }
  static describe() { return `class ${this.name}`; }
}
class Dog extends Animal {
  constructor(name) { super(name, 'extra'); this.tricks = []; }
  speak() { return `${super.speak()} (woof)`; }
  get label() { return `dog ${super.label}`; }
  set label(v) { super.label = v.toUpperCase(); }
  static describe() { return `${super.describe()} extends ${Object.getPrototypeOf(this).name}`; }
  learn(t) { const add = () => super.speak() + ' and ' + t; this.tricks.push(add()); return this; }
}
class Puppy extends Dog {}
const d = new Dog('rex');
const p = new Puppy('bit', 'ignored');
r.basics = [d.speak(), d.label, d.rest, d.kind, p.kind, p.speak(), p.rest, Puppy.describe(), Dog.create('made').speak(), Puppy.create('x') instanceof Puppy];
d.label = 'max';
r.superSetter = [d.name, d.label];
r.arrow = d.learn('sit').tricks;
r.chain = [Object.getPrototypeOf(Puppy) === Dog, Object.getPrototypeOf(Puppy.prototype) === Dog.prototype, p instanceof Animal, Animal.registry];
r.lengths = [Animal.length, Dog.length, Puppy.length];

// super.x assignment defines on `this`; super property lookup starts at the home object's prototype.
class Base2 { get g() { return 'base getter ' + this.tag; } m() { return 'base m'; } }
class Sub2 extends Base2 {
  tag = 'sub';
  m() { return 'sub m'; }
  test() { super.newProp = 1; super['computed' + 1] = 2; return [super.m(), this.m(), super.g, this.newProp, Object.keys(this), super.missing, super[Symbol.iterator]]; }
  static s() { return super.name; }
  field = super.m();
}
r.superProps = [new Sub2().test(), Sub2.s(), new Sub2().field];
r.homeFixed = (() => { const m = Sub2.prototype.m; class Other { m() { return 'other'; } } const o = new Sub2(); return [Sub2.prototype.test.call(o)[0], m.call(new Other())]; })();
r.superUpdate = (() => { class B { } B.prototype.n = 5; class S extends B { inc() { super.n++; super.n += 10; return [this.n, B.prototype.n]; } } return new S().inc(); })();

// Derived constructors: `this` before super(), calling super twice, return values.
r.thisBefore = err(() => { class X extends Object { constructor() { this.a = 1; super(); } } new X(); });
r.noSuper = err(() => { class X extends Object { constructor() {} } new X(); });
r.twice = err(() => { class X extends Object { constructor() { super(); super(); } } new X(); });
r.returnObject = (() => { class X extends Object { constructor() { return { custom: true }; } } return new X(); })();
r.returnPrimitive = err(() => { class X extends Object { constructor() { super(); return 1; } } new X(); });
r.returnUndefined = (() => { class X extends Object { constructor() { super(); this.v = 2; return undefined; } } return new X(); })();
r.baseReturnPrimitive = (() => { class X { constructor() { this.v = 3; return 7; } } return new X(); })();
r.superInArrow = (() => { class X extends Object { constructor() { const go = () => super(); go(); this.ok = true; } } return new X(); })();
r.conditionalSuper = (() => { class X extends Object { constructor(flag) { if (flag) { super(); this.a = 1; } else { super(); this.b = 2; } } } return [new X(true), new X(false)]; })();
r.thisInArrowBefore = err(() => { class X extends Object { constructor() { const f = () => this; f(); super(); } } new X(); });
r.superInTry = (() => { class X extends Object { constructor() { try { super(); } finally { this.done = true; } } } return new X(); })();

// extends: expressions, null, non-constructors, bad prototypes.
r.extendsExpr = (() => { const mixin = (B) => class extends B { mixed() { return 'mixed ' + this.v; } }; class V { v = 1; } class M extends mixin(V) {} return [new M().mixed(), M.name, Object.getPrototypeOf(M).name]; })();
r.extendsNull = (() => { class N extends null { constructor() { return Object.create(N.prototype); } } const n = new N(); return [Object.getPrototypeOf(N.prototype), n instanceof N, Object.getPrototypeOf(N) === Function.prototype]; })();
r.extendsNullDefault = err(() => { class N extends null {} new N(); });
r.extendsErrors = [err(() => { class X extends 3 {} }), err(() => { class X extends undefined {} }), err(() => { class X extends {} {} }), err(() => { function F() {} F.prototype = 2; class X extends F {} })];
r.extendsFunction = (() => { function Legacy(a) { this.a = a; } Legacy.prototype.get = function () { return this.a; }; class Modern extends Legacy { constructor() { super(9); } } return [new Modern().get(), new Modern() instanceof Legacy]; })();
r.superChanged = (() => { class A { who() { return 'A'; } } class B { who() { return 'B'; } } class C extends A { constructor() { super(); this.ctor = 'C'; } who() { return super.who(); } } Object.setPrototypeOf(C.prototype, B.prototype); Object.setPrototypeOf(C, B); return [new C().who(), new C() instanceof A]; })();

// new.target
r.newTarget = (() => {
  class P { constructor() { this.t = new.target === P ? 'P' : new.target.name; } }
  class Q extends P {}
  function plain() { return new.target === undefined; }
  return [new P().t, new Q().t, plain()];
})();
r.abstractPattern = err(() => { class Shape { constructor() { if (new.target === Shape) throw new TypeError('abstract'); } } new Shape(); });
// Object literal methods: the literal is their home object (also after being copied elsewhere).
r.objectLiteral = (() => {
  const base = { greet() { return 'base ' + this.n; }, get g() { return 'bg'; }, set s(v) { this.seen = v; } };
  const o = {
    __proto__: base,
    n: 1,
    greet() { return super.greet() + '!'; },
    get g() { return super.g + '?'; },
    set s(v) { super.s = v * 2; },
    ['c' + 1]() { const f = () => super.greet(); return f(); },
    plain: 1,
  };
  const copy = { n: 2, greet: o.greet };
  o.s = 4;
  return [o.greet(), o.g, o.c1(), copy.greet(), o.seen, Object.keys(o)];
})();
r.result = new Dog('final');
return r;
