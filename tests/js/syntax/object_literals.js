// Object literals: shorthand, computed keys (evaluated once, in order, ToPropertyKey), methods and
// their names, accessors, `__proto__: value` versus a computed or shorthand __proto__, duplicates.
const r = {};
const a = 1, b = 'two';
r.shorthand = { a, b };
let n = 0;
const computed = { [`k${++n}`]: n, [`k${++n}`]: n, [1 + 1]: 'two', [Symbol.toStringTag]: 'Tagged' };
r.computed = [Object.keys(computed), String(computed)];
const keyObj = { toString() { return 'fromToString'; } };
r.computedToPropertyKey = Object.keys({ [keyObj]: 1, [null]: 2, [undefined]: 3, [1.50]: 4 });
const methods = { m() { return 'm'; }, async am() { return 1; }, *g() { yield 1; }, get acc() { return 'get'; }, set acc(v) { this._v = v; }, ['c' + 'm']() {}, [Symbol.iterator]() {}, 'quoted key'() {}, 42() {} };
r.methodNames = [methods.m.name, methods.am.name, methods.g.name, Object.getOwnPropertyDescriptor(methods, 'acc').get.name,
  Object.getOwnPropertyDescriptor(methods, 'acc').set.name, methods.cm.name, methods[Symbol.iterator].name, methods['quoted key'].name, methods[42].name];
methods.acc = 5;
r.accessor = [methods.acc, methods._v];
r.methodNotConstructor = (() => { try { new methods.m(); return 'constructed'; } catch (e) { return e.constructor.name; } })();
r.anonymousFunctionNames = (() => { const o = { f: function () {}, g: () => {}, h: class {}, ['c' + 1]: () => {} }; return [o.f.name, o.g.name, o.h.name, o.c1.name]; })();
const proto = { inherited: true };
const viaProto = { __proto__: proto, own: 1 };
r.protoLiteral = [Object.getPrototypeOf(viaProto) === proto, viaProto.inherited, Object.keys(viaProto)];
const viaComputed = { ['__proto__']: proto };
r.protoComputed = [Object.getPrototypeOf(viaComputed) === Object.prototype, Object.keys(viaComputed)];
const __proto__ = proto;
const viaShorthand = { __proto__ };
r.protoShorthand = [Object.getPrototypeOf(viaShorthand) === Object.prototype, Object.keys(viaShorthand)];
r.protoNull = Object.getPrototypeOf({ __proto__: null });
r.protoPrimitiveIgnored = Object.getPrototypeOf({ __proto__: 5 }) === Object.prototype;
r.duplicates = { x: 1, x: 2, get y() { return 'getter'; }, y: 'data' };
r.superInMethod = (() => { const base = { hi() { return 'base'; } }; const o = { __proto__: base, hi() { return 'child+' + super.hi(); } }; return o.hi(); })();
r.numericKeyOrder = Object.keys({ b: 1, 10: 1, a: 1, 2: 1, '-1': 1, '01': 1 });
return r;
