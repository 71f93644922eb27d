// Prototypes: getPrototypeOf/setPrototypeOf (cycles, immutability, non-extensible), __proto__, create, isPrototypeOf.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
r.getPrototypeOf = [Object.getPrototypeOf({}) === Object.prototype, Object.getPrototypeOf([]) === Array.prototype,
  Object.getPrototypeOf(1) === Number.prototype, Object.getPrototypeOf('s') === String.prototype, Object.getPrototypeOf(true) === Boolean.prototype,
  Object.getPrototypeOf(Symbol()) === Symbol.prototype, Object.getPrototypeOf(Object.prototype), Object.getPrototypeOf(Object.create(null)),
  Object.getPrototypeOf(function () {}) === Function.prototype, err(() => Object.getPrototypeOf(null)), err(() => Object.getPrototypeOf())];
const a = {};
const b = Object.create(a);
r.setPrototypeOf = [Object.setPrototypeOf(b, null) === b, Object.getPrototypeOf(b), err(() => Object.setPrototypeOf(a, Object.create(Object.create(a)))),
  err(() => Object.setPrototypeOf(a, a)), err(() => Object.setPrototypeOf(Object.preventExtensions({}), {})),
  err(() => Object.setPrototypeOf(Object.prototype, {})), err(() => Object.setPrototypeOf(null, {})), err(() => Object.setPrototypeOf({}, 1)),
  err(() => Object.setPrototypeOf({}, undefined)), Object.setPrototypeOf(1, {}), Object.setPrototypeOf('x', null),
  err(() => Object.setPrototypeOf(undefined, null))];
const same = Object.preventExtensions({});
r.setSameOnNonExtensible = err(() => Object.setPrototypeOf(same, Object.prototype));
r.objectProtoSame = err(() => Object.setPrototypeOf(Object.prototype, null));
const base = { greet() { return `hi ${this.n}`; } };
const obj = { n: 'obj' };
Object.setPrototypeOf(obj, base);
r.inheritsAfterSet = [obj.greet(), base.isPrototypeOf(obj), Object.prototype.isPrototypeOf(obj)];
const viaProto = { n: 'vp' };
viaProto.__proto__ = base;
r.protoSetter = [viaProto.greet(), viaProto.__proto__ === base, ({}).__proto__ === Object.prototype, [].__proto__ === Array.prototype,
  (5).__proto__ === Number.prototype];
const keep = {};
keep.__proto__ = 5;
r.protoSetterIgnoresPrimitive = Object.getPrototypeOf(keep) === Object.prototype;
const np = Object.create(null);
np.__proto__ = base;
r.nullProtoHasNoAccessor = [Object.getPrototypeOf(np), typeof np.__proto__, Object.keys(np)];
r.protoErrors = [err(() => { const c = {}; const d = Object.create(c); c.__proto__ = d; }), err(() => { Object.preventExtensions({}).__proto__ = {}; })];
const acc = Object.getOwnPropertyDescriptor(Object.prototype, '__proto__');
r.protoAccessor = [typeof acc.get, typeof acc.set, acc.enumerable, acc.configurable, acc.get.name, acc.set.name,
  err(() => acc.get.call(null)), err(() => acc.set.call(undefined, {})), acc.get.call(1) === Number.prototype, acc.set.call(1, {})];
const literal = { __proto__: base, n: 'lit' };
r.literalProto = [literal.greet(), Object.keys(literal)];
const created = Object.create(base, { n: { value: 'cr', enumerable: true }, hidden: { value: 1 } });
r.create = [created.greet(), Object.keys(created), Object.getOwnPropertyNames(created), Object.getPrototypeOf(created) === base,
  err(() => Object.create()), err(() => Object.create(1)), err(() => Object.create(undefined)), err(() => Object.create({}, null)),
  Object.keys(Object.create({}, undefined))];
r.isPrototypeOf = [Array.prototype.isPrototypeOf([]), Object.prototype.isPrototypeOf(Object.create(null)), base.isPrototypeOf(base),
  Function.prototype.isPrototypeOf(Object), Object.prototype.isPrototypeOf(1), err(() => Object.prototype.isPrototypeOf.call(null, {})),
  Object.prototype.isPrototypeOf.call(null, 1)];
function A() {}
function B() {}
Object.setPrototypeOf(B.prototype, A.prototype);
Object.setPrototypeOf(B, A);
r.functionChain = [Object.getPrototypeOf(B) === A, A.prototype.isPrototypeOf(new B()), new B() instanceof A];
const chain = [];
let p = new B();
while (p !== null) { chain.push(p.constructor.name); p = Object.getPrototypeOf(p); }
r.chain = chain;
r.lengths = [Object.getPrototypeOf.length, Object.setPrototypeOf.length, Object.create.length, Object.prototype.isPrototypeOf.length];
return r;
