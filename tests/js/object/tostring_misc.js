// Object.prototype methods (toString tags, toLocaleString, valueOf, hasOwnProperty, propertyIsEnumerable), Object(),
// Object.is, Object.hasOwn, getOwnPropertyNames/Symbols.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const ts = (v) => Object.prototype.toString.call(v);
const r = {};
r.tags = [ts(undefined), ts(null), ts({}), ts([]), ts(function () {}), ts(() => 1), ts(1), ts('s'), ts(true), ts(Symbol()),
  ts(new Error('x')), ts(new TypeError('x')), ts(new Map()), ts(new Set()), ts(Promise.resolve()),
  ts(Math), ts(JSON), ts((function () { return arguments; })()), ts(Object.create(null)), ts(new (function Foo() {})()), ts([].values()),
  ts(new Number(1)), ts(new String('')), ts(async function () {}), ts(new WeakMap())];
const tagged = { [Symbol.toStringTag]: 'Custom' };
function Tagged() {}
Object.defineProperty(Tagged.prototype, Symbol.toStringTag, { get() { return 'FromGetter'; } });
r.toStringTag = [ts(tagged), ts(new Tagged()), ts({ [Symbol.toStringTag]: 5 }), String(tagged), `${new Tagged()}`,
  ts(Object.assign([], { [Symbol.toStringTag]: 'NotArray' }))];
r.toStringThrowingGetter = err(() => ts({ get [Symbol.toStringTag]() { throw new Error('tag'); } }));
r.toLocaleString = [({}).toLocaleString(), [1, 'a'].toLocaleString() === '1,a', ({ toString() { return 'mine'; } }).toLocaleString(),
  Object.prototype.toLocaleString.call('str'), err(() => Object.prototype.toLocaleString.call(null)),
  err(() => Object.prototype.toLocaleString.call({ toString: 1 })).split(':')[0]];
const box = Object.prototype.valueOf.call('abc');
r.valueOf = [typeof box, box.length, ({ a: 1 }).valueOf().a, err(() => Object.prototype.valueOf.call(undefined))];
const sym = Symbol('own');
const o = { a: 1, [sym]: 2, 3: 'three' };
Object.defineProperty(o, 'hidden', { value: 1, enumerable: false });
r.hasOwnProperty = [o.hasOwnProperty('a'), o.hasOwnProperty('toString'), o.hasOwnProperty(sym), o.hasOwnProperty(3), o.hasOwnProperty('3'),
  o.hasOwnProperty('hidden'), o.hasOwnProperty({ toString() { return 'a'; } }), [1].hasOwnProperty(0), [1].hasOwnProperty('length'),
  'abc'.hasOwnProperty(1), 'abc'.hasOwnProperty('length'), err(() => Object.prototype.hasOwnProperty.call(null, 'a'))];
r.propertyIsEnumerable = [o.propertyIsEnumerable('a'), o.propertyIsEnumerable('hidden'), o.propertyIsEnumerable(sym), o.propertyIsEnumerable('nope'),
  [1].propertyIsEnumerable(0), [1].propertyIsEnumerable('length'), o.propertyIsEnumerable({ toString() { return 'a'; } })];
r.hasOwn = [Object.hasOwn(o, 'a'), Object.hasOwn(o, 'toString'), Object.hasOwn('ab', 0), Object.hasOwn([], 'length'),
  err(() => Object.hasOwn(null, 'a')), Object.hasOwn(o, { toString() { return '3'; } })];
r.is = [Object.is(NaN, NaN), Object.is(0, -0), Object.is(-0, -0), Object.is('a', 'a'), Object.is({}, {}), Object.is(null, undefined),
  Object.is()];
r.objectCall = [typeof Object(), typeof Object(null), typeof Object(undefined), typeof Object(1), Object(1) instanceof Number,
  Object('ab').length, Object(o) === o, typeof new Object('x'), new Object(o) === o, Object(true) instanceof Boolean, typeof Object(Symbol())];
r.names = [Object.getOwnPropertyNames(o), Object.getOwnPropertyNames([1, 2]), Object.getOwnPropertyNames('ab'),
  Object.getOwnPropertyNames((x) => x).sort(), Object.getOwnPropertyNames(1), err(() => Object.getOwnPropertyNames(null))];
r.symbols = [Object.getOwnPropertySymbols(o).map(String), Object.getOwnPropertySymbols({}), Object.getOwnPropertySymbols('s')];
r.protoNames = Object.getOwnPropertyNames(Object.prototype).sort();
r.staticNames = Object.getOwnPropertyNames(Object).filter((n) => n !== 'groupBy').sort();
r.objectMeta = [Object.length, Object.name, typeof Object.prototype, Object.prototype.constructor === Object,
  Object.getOwnPropertyDescriptor(Object, 'prototype').writable];
r.lengths = [Object.prototype.hasOwnProperty.length, Object.prototype.propertyIsEnumerable.length, Object.prototype.toString.length,
  Object.prototype.toLocaleString.length, Object.prototype.valueOf.length, Object.hasOwn.length, Object.is.length,
  Object.getOwnPropertyNames.length, Object.getOwnPropertySymbols.length];
return r;
