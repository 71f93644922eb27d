// Reflect: every function over ordinary objects, receivers for get/set, boolean refusals, errors.
const r = {};
const t = (f) => { try { return f(); } catch (e) { return ['threw', e.name, e.message]; } };
const proto = { get g() { return this.tag; }, set s(v) { this.got = v; }, inherited: 1 };
const obj = Object.create(proto, { own: { value: 2, writable: true, enumerable: true, configurable: true } });
obj.tag = 'obj';
r.get = [Reflect.get(obj, 'own'), Reflect.get(obj, 'inherited'), Reflect.get(obj, 'g'), Reflect.get(obj, 'g', { tag: 'recv' }), Reflect.get(obj, 'missing'), Reflect.get([1, 2], 1), Reflect.get(obj, { toString() { return 'own'; } })];
r.set = t(() => {
  const recv = {};
  const a = Reflect.set(obj, 's', 5, recv);
  const frozen = Object.freeze({ x: 1 });
  const b = Reflect.set(frozen, 'x', 2);
  const c = Reflect.set(obj, 'fresh', 3);
  const ro = Object.defineProperty({}, 'ro', { value: 1, writable: false });
  const d = Reflect.set(ro, 'ro', 2);
  const e = Reflect.set({}, 'k', 1, 7);
  const getterOnly = { get only() { return 1; } };
  const f = Reflect.set(getterOnly, 'only', 2);
  const g = Reflect.set(Object.preventExtensions({}), 'n', 1);
  const arr = [1, 2, 3];
  const h = Reflect.set(arr, 'length', 1);
  return [a, recv.got, obj.got, b, frozen.x, c, obj.fresh, d, e, f, g, h, arr];
});
r.has = [Reflect.has(obj, 'own'), Reflect.has(obj, 'inherited'), Reflect.has(obj, 'nope'), Reflect.has([], 'length'), Reflect.has({ [Symbol.iterator]: 1 }, Symbol.iterator)];
r.ownKeys = Reflect.ownKeys({ b: 1, 2: 0, a: 1, 1: 0, [Symbol('s')]: 1 }).map(String);
r.ownKeysArray = Reflect.ownKeys([7, 8]);
r.define = t(() => {
  const o = {};
  const a = Reflect.defineProperty(o, 'x', { value: 1 });
  const b = Reflect.defineProperty(o, 'x', { value: 2 });
  const c = Reflect.defineProperty(Object.freeze({}), 'y', { value: 1 });
  const d = Reflect.defineProperty(o, 'g', { get() { return 9; }, enumerable: true });
  return [a, b, c, d, o.x, o.g, Object.keys(o)];
});
r.defineBad = [t(() => Reflect.defineProperty({}, 'x', 1)), t(() => Reflect.defineProperty({}, 'x', { get: 1 })), t(() => Reflect.defineProperty({}, 'x', { get() {}, value: 1 }))];
r.deleteProperty = t(() => {
  const o = { a: 1 };
  Object.defineProperty(o, 'fixed', { value: 1 });
  return [Reflect.deleteProperty(o, 'a'), Reflect.deleteProperty(o, 'fixed'), Reflect.deleteProperty(o, 'absent'), Object.keys(o), Reflect.deleteProperty([1], 'length')];
});
r.protos = t(() => {
  const a = {};
  const b = Object.create(a);
  return [Reflect.getPrototypeOf(b) === a, Reflect.setPrototypeOf(a, b), Reflect.setPrototypeOf(b, null), Reflect.getPrototypeOf(b),
    Reflect.setPrototypeOf(Object.preventExtensions({}), {}), Reflect.setPrototypeOf(Object.preventExtensions({}), Object.prototype)];
});
r.extensible = t(() => { const o = {}; return [Reflect.isExtensible(o), Reflect.preventExtensions(o), Reflect.isExtensible(o)]; });
r.descriptor = [Reflect.getOwnPropertyDescriptor({ a: 1 }, 'a'), Reflect.getOwnPropertyDescriptor({}, 'a')];
r.apply = [Reflect.apply(Math.max, null, [1, 5, 2]), Reflect.apply(function () { return this.v; }, { v: 'this' }, []), Reflect.apply(String.prototype.slice, 'hello', { length: 2, 0: 1, 1: 3 })];
r.construct = t(() => {
  class P { constructor(a, b) { this.sum = a + b; this.nt = new.target === P; } }
  const p = Reflect.construct(P, [1, 2]);
  const d = Reflect.construct(Date, [2020, 0, 1]);
  const e = Reflect.construct(Error, ['msg']);
  return [p.sum, p.nt, p instanceof P, d.getFullYear(), e.message, e instanceof Error, Reflect.construct(Array, [3]).length];
});
r.errors = [
  t(() => Reflect.get(1, 'a')), t(() => Reflect.set(null, 'a', 1)), t(() => Reflect.has('s', 'length')), t(() => Reflect.ownKeys(1)),
  t(() => Reflect.apply(1)), t(() => Reflect.apply(() => 1, null, 1)), t(() => Reflect.construct(1, [])), t(() => Reflect.construct({}, [])),
  t(() => Reflect.construct(function () {}, [], 1)), t(() => Reflect.defineProperty(1, 'a', {})), t(() => Reflect.setPrototypeOf({}, 1)),
  t(() => Reflect.getPrototypeOf(1)), t(() => Reflect.deleteProperty(1, 'x')), t(() => Reflect.isExtensible(1)), t(() => Reflect.preventExtensions(1)),
  t(() => Reflect.getOwnPropertyDescriptor(1, 'a')), t(() => Reflect.construct(function () {}, 1)),
];
r.shape = [Object.getOwnPropertyNames(Reflect), Object.prototype.toString.call(Reflect), typeof Reflect,
  ['apply', 'construct', 'defineProperty', 'get', 'set', 'has', 'ownKeys'].map((k) => [Reflect[k].length, Reflect[k].name]),
  Object.keys(Reflect).length];
return r;
