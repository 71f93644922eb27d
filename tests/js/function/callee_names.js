// "x is not a function" / "x is not a constructor" name the callee expression as V8 does.
const t = (f) => { try { f(); return 'ok'; } catch (e) { return `${e.name}: ${e.message}`; } };
const o = { a: { b: 1 }, arr: [1], m() {}, ar: () => 1, 'x-y': 1, 3: 4 };
const k = 'a';
const x = 5;
const s = Symbol('q');
class C {
  static sm() {}
  r() { return t(() => new this.r()); }
  z() { return t(() => this.zz()); }
}
const arrow = () => 1;
return {
  calls: [t(() => x()), t(() => o.a.b()), t(() => o['a']['b']()), t(() => o[k]()), t(() => o.arr[0]()),
    t(() => o['x-y']()), t(() => o[3]()), t(() => o[s]()), t(() => o?.a.b()), t(() => o.a?.b()),
    t(() => (o.a.b)()), t(() => o.m()()), t(() => x()()), t(() => new C().z()), t(() => globalThis.nope()),
    t(() => o.a.b(...[1])), t(() => o['a'].b()), t(() => x?.()), t(() => o.a.b?.()),
    t(() => (() => 1)()()), t(() => 'a'()), t(() => 1())],
  constructs: [t(() => new x()), t(() => new o.a.b()), t(() => new o.m()), t(() => new o.ar()), t(() => new o.ar),
    t(() => new (o.ar)()), t(() => new C.sm()), t(() => new o[k]()), t(() => new (() => 1)()),
    t(() => new arrow()), new C().r(), t(() => new o.a.b(...[1])), t(() => new Math.max()),
    t(() => new (async function () {})()), t(() => new Symbol())],
  // Calls through built-ins keep describing the value.
  builtins: [t(() => [1].map(5)), t(() => Reflect.apply(1))],
};
