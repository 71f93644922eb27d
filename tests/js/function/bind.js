// Function.prototype.bind: bound this and arguments, name/length, new on bound functions, instanceof, chains.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
function add(a, b, c) { return [this && this.tag, a, b, c]; }
const b1 = add.bind({ tag: 'B' }, 1);
r.basic = [b1(2, 3), b1(), b1.call({ tag: 'ignored' }, 9, 9, 9)];
r.meta = [b1.name, b1.length, add.bind().length, add.bind(null, 1, 2, 3, 4).length, b1.bind(null, 2).name, b1.bind(null, 2).length,
  b1.bind(null, 2)(5)];
r.props = [Object.getOwnPropertyNames(b1).sort(), 'prototype' in b1, Object.getOwnPropertyDescriptor(b1, 'name').writable,
  Object.getOwnPropertyDescriptor(b1, 'length').configurable, typeof b1, Object.getPrototypeOf(b1) === Function.prototype];
const anon = (() => (x) => x)();
r.anonymous = [anon.bind(null).name, (function () {}).bind().name, (() => {}).bind().name];
const named = Object.defineProperty(function () {}, 'name', { value: 42 });
r.nonStringName = named.bind().name;
const longFn = Object.defineProperty(function () {}, 'length', { value: Infinity });
const negFn = Object.defineProperty(function () {}, 'length', { value: -5 });
const fracFn = Object.defineProperty(function () {}, 'length', { value: 2.7 });
const strFn = Object.defineProperty(function () {}, 'length', { value: '3' });
const noLen = function (a) {};
delete noLen.length;
r.lengthRules = [longFn.bind().length, longFn.bind(null, 1).length, negFn.bind().length, fracFn.bind().length, fracFn.bind(null, 1).length,
  strFn.bind().length, noLen.bind().length];
const getterName = Object.defineProperty(function () {}, 'name', { get() { return 'fromGetter'; } });
r.getterName = getterName.bind().name;
function Point(x, y) { this.x = x; this.y = y; }
Point.prototype.sum = function () { return this.x + this.y; };
const BoundPoint = Point.bind({ ignored: true }, 10);
const p = new BoundPoint(5);
r.construct = [p.x, p.y, p.sum(), p instanceof Point, p instanceof BoundPoint, 'ignored' in p, BoundPoint.prototype];
r.arrowNotConstructor = err(() => new ((() => 1).bind())()).split(':')[0];
r.methodNotConstructor = err(() => new ({ m() {} }.m.bind())()).split(':')[0];
const arrow = (x) => [typeof this, x];
r.arrowBound = arrow.bind({ tag: 'x' }, 'arg')()[1];
r.instanceofBound = [[] instanceof Array.bind(null), ({}) instanceof Array.bind(null), Array.bind()[Symbol.hasInstance]([])];
r.boundNative = [Math.max.bind(null, 5)(1, 2), Array.prototype.push.bind([1])(2), String.prototype.slice.bind('hello', 1)(3)];
const chain = add.bind({ tag: 'first' }, 'a').bind({ tag: 'second' }, 'b').bind(null, 'c');
r.chain = [chain(), chain.name, chain.length];
r.errors = [err(() => Function.prototype.bind.call(1)), err(() => Function.prototype.bind.call({})), err(() => Function.prototype.bind.call(null))];
r.toString = b1.toString();
r.bindLength = [Function.prototype.bind.length, Function.prototype.bind.name];
return r;
