// the arguments object is iterable (ECMA-262 §10.4.4.6/7 @@iterator = %Array.prototype.values%); arguments.callee
function sum() { let s = 0; for (const x of arguments) s += x; return s; }
function spread() { return [...arguments]; }
function strict() { 'use strict'; return [...arguments].length; }
function desc() { const d = Object.getOwnPropertyDescriptor(arguments, Symbol.iterator); return [d.value === Array.prototype.values, d.writable, d.enumerable, d.configurable, Object.keys(arguments), Reflect.ownKeys(arguments).length]; }
function destr() { const [a, , c] = arguments; return [a, c]; }
function from() { return Array.from(arguments).concat(Array.prototype.slice.call(arguments)); }
function replaced() { arguments[Symbol.iterator] = function* () { yield 'x'; }; return [...arguments]; }
async function fa() { const out = []; for await (const x of arguments) out.push(x); return out; }
async function* ag() { yield* arguments; }
const agOut = []; for await (const v of ag(Promise.resolve(7), 8)) agOut.push(v);
const arrow = function () { return (() => [...arguments])(); };
function f() { return [arguments.callee === f, Object.getOwnPropertyDescriptor(arguments, 'callee').enumerable]; }
function g() { 'use strict'; try { return arguments.callee; } catch (e) { return e.constructor.name + ': ' + e.message; } }
function h() { 'use strict'; const d = Object.getOwnPropertyDescriptor(arguments, 'callee'); return [typeof d.get, d.get === d.set, d.enumerable, d.configurable, Reflect.ownKeys(arguments).map(String)]; }
const it = Array.prototype.values.call({ length: 2, 0: 'a', 1: 'b' }); const arrayLike = [...it];
return [sum(1, 2, 3), spread(4, 5), strict(1, 2), desc(1), destr(1, 2, 3), from(1, 2), replaced(1), await fa(1, Promise.resolve(2)), agOut, arrow(9, 8), new Map(function () { return arguments; }([1, 2], [3, 4])).size, [f(), g(), h(1)], arrayLike];
