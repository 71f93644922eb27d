// Public instance and static fields: definition order, initializers evaluated per instance with
// `this`, computed keys evaluated once at class definition, name inference, static blocks, and fields
// of derived classes defined right after super() returns.
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const log = [];
const note = (s, v) => { log.push(s); return v; };

class A {
  [note('key a', 'a')] = note('init a', 1);
  static [note('key s', 's')] = note('init s', 2);
  b = this.a + 1;
  c;
  static t = this.s * 10;
  static { note('block', 0); this.u = this.t + 1; }
  ['d' + 1] = () => this;
  fn = function () {};
  arrow = () => {};
  static sfn = () => {};
  constructor() { note('ctor', 0); this.e = this.b * 2; }
}
log.push('defined');
const a1 = new A();
const a2 = new A();
r.order = log.slice();
r.instance = [Object.keys(a1), a1.a, a1.b, a1.c, 'c' in a1, a1.e, a1.d1() === a1, a2.d1() === a2, a1.d1 !== a2.d1];
r.statics = [A.s, A.t, A.u, Object.keys(A), Object.getOwnPropertyNames(A)];
r.fieldNames = [a1.fn.name, a1.arrow.name, A.sfn.name, a1.d1.name];
r.descriptor = (() => { const d = Object.getOwnPropertyDescriptor(a1, 'a'); return [d.writable, d.enumerable, d.configurable]; })();
r.result = new (class { x = 1; #hidden = 2; static s = 3; y = [this.x]; })();

// Derived classes: base fields, then the base constructor, then derived fields after super().
const seen = [];
class Base {
  baseField = seen.push('base field');
  constructor() { seen.push('base ctor'); this.fromBase = 1; }
}
class Derived extends Base {
  derivedField = (seen.push('derived field'), this.fromBase + 1);
  constructor() { seen.push('before super'); super(); seen.push('after super'); }
}
const d = new Derived();
r.derived = [seen, Object.keys(d), d.derivedField];
class DefaultCtor extends Base { own = 'own'; }
r.defaultCtor = Object.keys(new DefaultCtor());

// Fields shadow accessors of the prototype (define, not set); static fields can use the class name.
class Shadow {
  get x() { return 'getter'; }
  set y(v) { throw new Error('setter ran'); }
  y = 'field';
}
class ShadowChild extends Shadow { x = 'own'; }
r.shadow = [new ShadowChild().x, new Shadow().y, new Shadow().x];
class Counter { static count = 0; static next() { return ++Counter.count; } id = Counter.next(); }
r.counter = [new Counter().id, new Counter().id, Counter.count];
r.staticThis = (() => { class S { static self = this; static name2 = this.name; static { this.blockThis = this === S; } } return [S.self === S, S.name2, S.blockThis]; })();
r.staticBlocksScope = (() => { let outside = 1; class S { static { var local = 5; outside += local; } static { this.v = outside; } } return [S.v, outside, typeof local]; })();
r.staticPrototype = err(() => { const k = 'prototype'; class S { static [k] = 1; } });
r.fieldOnFrozenProto = (() => { class P { x = 1; } Object.freeze(P.prototype); return new P().x; })();
r.initThrows = err(() => { class T { a = (() => { throw new RangeError('in initializer'); })(); } new T(); });
r.newTargetInField = (() => { class N { nt = new.target; } return new N().nt; })();
r.argumentsFree = (() => { function outer() { class X { v = () => typeof this; } return new X().v(); } return outer(1, 2); })();
return r;
