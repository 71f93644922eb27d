// Function constructor object, Function.prototype shape, toString of natives, Symbol.hasInstance, instanceof.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return e.name; } };
const r = {};
r.constructorExists = [typeof Function, Function.name, Function.length, Function.prototype.constructor === Function,
  (function () {}).constructor === Function, (() => 1).constructor === Function, Object.getPrototypeOf(Function) === Function.prototype,
  Function instanceof Function, Object instanceof Function, Math.max instanceof Function, ({}) instanceof Function,
  typeof Function.prototype, Function.prototype(), Function.prototype.name === '', Function.prototype.length];
r.asyncConstructor = [(async function () {}).constructor.name, (async () => 1).constructor === (async function () {}).constructor,
  Object.getPrototypeOf((async function () {}).constructor) === Function];
r.toStringNative = [Math.max.toString(), Array.prototype.push.toString(), Array.prototype.map.toString(), String(Array.from), String(Object.fromEntries), Function.prototype.toString.call(Object),
  Function.prototype.toString.call(Object.getOwnPropertyDescriptor(Object.prototype, '__proto__').get), String(Function.prototype.call)];
r.toStringClosureShape = [(function foo() { return 1; }).toString().startsWith('function foo('), (() => 1).toString().includes('=>'), typeof (async function af() {}).toString()];
r.toStringErrors = [err(() => Function.prototype.toString.call({})), err(() => Function.prototype.toString.call(1))];
const hi = Object.getOwnPropertyDescriptor(Function.prototype, Symbol.hasInstance);
r.hasInstanceDescriptor = [typeof hi.value, hi.writable, hi.enumerable, hi.configurable, hi.value.name, hi.value.length];
function F() {}
const f = new F();
r.hasInstance = [F[Symbol.hasInstance](f), F[Symbol.hasInstance]({}), F[Symbol.hasInstance](1), Function.prototype[Symbol.hasInstance].call({}, f),
  Object[Symbol.hasInstance](f), Function.prototype[Symbol.hasInstance].call(F, Object.create(F.prototype))];
const Even = { [Symbol.hasInstance](n) { return n % 2 === 0; } };
r.customHasInstance = [2 instanceof Even, 3 instanceof Even];
const noProto = () => 1;
r.instanceofErrors = [err(() => ({}) instanceof noProto), err(() => ({}) instanceof {}), err(() => ({}) instanceof 1),
  err(() => { const g = function () {}; g.prototype = 1; return ({}) instanceof g; }), err(() => 1 instanceof noProto)];
r.instanceofPrimitive = [1 instanceof Number, 'a' instanceof String, Object(1) instanceof Number];
r.names = Object.getOwnPropertyNames(Function.prototype).filter((n) => n !== 'arguments' && n !== 'caller').sort();
return r;
