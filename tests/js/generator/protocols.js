// Generators with the iteration protocol everywhere: for-of, spread, destructuring, Array.from,
// Map/Set, Promise.all, early close on break/return/throw, generator methods in classes and objects.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
function* nat() { let i = 0; try { while (true) yield i++; } finally { r.closed = (r.closed || 0) + 1; } }
const taken = [];
for (const x of nat()) { if (x > 3) break; taken.push(x); }
r.forOfBreak = taken;
const [a, b, ...rest] = (function* () { yield 1; yield 2; yield 3; yield 4; })();
r.destructure = { a, b, rest };
const [p, q] = nat();
r.destructureClose = [p, q, r.closed];
r.from = Array.from(nat, () => 0).length;
r.fromGen = Array.from((function* () { yield 'x'; yield 'y'; })(), (v, i) => v + i);
r.map = [...new Map((function* () { yield ['a', 1]; yield ['b', 2]; })())];
r.set = [...new Set((function* () { yield 1; yield 1; yield 2; })())];
r.objFromEntries = Object.fromEntries((function* () { yield ['k', 'v']; })());
function find() { for (const x of nat()) { if (x === 2) return x; } }
r.returnInLoop = [find(), r.closed];
r.throwInLoop = err(() => { for (const x of nat()) { throw new Error('stop ' + x); } });
r.closedAfterThrow = r.closed;
class Bag {
  #items = [];
  add(x) { this.#items.push(x); return this; }
  *[Symbol.iterator]() { yield* this.#items; }
  static *range(n) { for (let i = 0; i < n; i++) yield i; }
  *pairs() { for (const x of this) yield [x, x * 2]; }
}
const bag = new Bag().add(1).add(2).add(3);
r.classIter = [...bag];
r.staticGen = [...Bag.range(3)];
r.pairs = [...bag.pairs()];
const objIt = { *[Symbol.iterator]() { yield 'o1'; yield 'o2'; }, *['comp' + 'uted']() { yield 'c'; } };
r.objIter = [...objIt, ...objIt.computed()];
r.methodName = [Object.getOwnPropertyDescriptor(objIt, 'computed').value.name, objIt[Symbol.iterator].name, ({ ['a' + 1]: () => 0 }).a1.name];
// Fibonacci with take-like helper
function* fib() { let [x, y] = [0, 1]; for (;;) { yield x; [x, y] = [y, x + y]; } }
function* take(it, n) { if (n <= 0) return; for (const v of it) { yield v; if (--n <= 0) return; } }
r.fib = [...take(fib(), 10)];
// Generator with await in the caller
async function useInAsync() { const out = []; for (const v of take(fib(), 5)) out.push(await Promise.resolve(v * 10)); return out; }
r.async = await useInAsync();
r.promiseAll = await Promise.all((function* () { yield Promise.resolve(1); yield 2; })());
r.entries = [...Object.entries({ a: 1 }).values()];
// Generators across tool calls: the frame stays suspended while the program awaits.
function* lines() { yield 'first'; yield 'second'; yield 'third'; }
const it = lines();
const got = [];
for (let s = it.next(); !s.done; s = it.next()) got.push(await Promise.resolve(s.value.toUpperCase()));
r.suspended = got;
return r;
