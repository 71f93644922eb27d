// yield* to generators, arrays, strings, Maps and user iterators, with next/return/throw forwarding.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
function* inner() { const x = yield 'i1'; yield 'got ' + x; return 'inner-done'; }
function* outer() { const v = yield* inner(); yield v; yield* [1, 2]; yield* 'ab'; yield* new Map([['k', 1]]); }
const o = outer();
r.seq = [o.next(), o.next('X'), o.next(), o.next(), o.next(), o.next(), o.next(), o.next(), o.next(), o.next()];
// Results of a user iterator are passed through as they are (not re-wrapped).
const log = [];
const user = {
  [Symbol.iterator]() { return this; },
  i: 0,
  next(v) { log.push(['next', v]); this.i++; return this.i < 3 ? { value: this.i, done: false, extra: 'kept' } : { value: 'U', done: true }; },
  return(v) { log.push(['return', v]); return { value: 'closed-' + v, done: true }; },
  throw(e) { log.push(['throw', e]); return { value: 'threw-' + e, done: false }; },
};
function* viaUser() { const res = yield* user; yield res; }
const vu = viaUser();
r.user = [vu.next('a'), vu.next('b'), vu.throw('T'), vu.next('c'), vu.next()];
user.i = 0;
const vr = viaUser();
vr.next();
r.userReturn = [vr.return('R'), vr.next()];
r.log = log;
// An iterator without return/throw.
const plain = () => { let i = 0; return { [Symbol.iterator]() { return { next() { i++; return { value: i, done: i > 3 }; } }; } }; };
function* viaPlain() { try { yield* plain(); } finally { r.plainFinally = true; } }
const p1 = viaPlain();
p1.next();
r.plainReturn = [p1.return('Q'), p1.next()];
const p2 = viaPlain();
p2.next();
r.plainThrow = [err(() => p2.throw(new Error('E'))), p2.next()];
// Closing a user iterator without throw: return is called before the TypeError.
const closeLog = [];
const noThrow = { [Symbol.iterator]() { return { next() { return { value: 1, done: false }; }, return() { closeLog.push('closed'); return {}; } }; } };
function* viaNoThrow() { yield* noThrow; }
const nt = viaNoThrow();
nt.next();
r.noThrow = [err(() => nt.throw(new Error('E'))), closeLog];
// throw() forwarded into an inner generator's try/catch.
function* innerCatch() { try { yield 1; } catch (e) { yield 'inner caught ' + e; } return 'ic'; }
function* outerCatch() { const v = yield* innerCatch(); yield v; }
const oc = outerCatch();
r.innerCatch = [oc.next(), oc.throw('boom'), oc.next(), oc.next()];
// return() runs finally blocks of inner and outer generators in order.
const order = [];
function* in2() { try { yield 1; } finally { order.push('inner finally'); } }
function* out2() { try { yield* in2(); } finally { order.push('outer finally'); } }
const o2 = out2();
o2.next();
r.nestedReturn = [o2.return(5), order];
// Errors.
function* bad() { yield* 5; }
r.notIterable = err(() => bad().next()).startsWith('TypeError: ');
function* badResult() { yield* { [Symbol.iterator]() { return { next() { return 3; } }; } }; }
r.badResult = err(() => badResult().next());
// Recursion through yield*.
function* tree(t) { if (Array.isArray(t)) { for (const c of t) yield* tree(c); } else { yield t; } }
r.tree = [...tree([1, [2, [3, [4]], 5], [[6]]])];
// yield* value of a generator that returns early.
function* early() { return 'early'; }
function* wrapEarly() { const v = yield* early(); yield v; }
r.early = [...wrapEarly()];
return r;
