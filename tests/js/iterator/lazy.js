// Iterator helpers, lazy methods (ECMA-262 2025 §27.1.4). Node 20 has no iterator helpers, so
// lazy.json is written by hand; each value's justification is the comment beside it.
const log = [];
// A counting iterator that logs every next/return call (not inheriting from Iterator.prototype).
function counter(n) {
  let i = 0;
  return {
    __proto__: Iterator.prototype,
    next() { log.push('next' + i); return i < n ? { value: i++, done: false } : { value: 'end', done: true }; },
    return() { log.push('return'); return {}; },
  };
}
const out = {};
// map/filter: callbacks get (value, counter) (§27.1.4.8 step 6.b.iii, §27.1.4.5 step 6.b.iii).
out.map = [10, 20, 30].values().map((v, i) => v + i).toArray();            // [10, 21, 32]
out.filter = [1, 2, 3, 4, 5].values().filter((v, i) => v % 2 && i > 0).toArray();  // [3, 5]
// take: after `limit` values the underlying iterator is closed (§27.1.4.11 step 10.a.i).
log.length = 0;
out.take = counter(10).take(2).toArray();                                   // [0, 1]
out.takeLog = log.slice();                                                  // next0 next1 return
// drop: skipped values are stepped without reading `value` (IteratorStep, §27.1.4.3 step 10.b.ii).
out.drop = [1, 2, 3, 4].values().drop(2).toArray();                         // [3, 4]
out.dropAll = [1, 2].values().drop(Infinity).toArray();                     // []
out.takeInf = [1, 2].values().take(Infinity).toArray();                     // [1, 2]
// flatMap flattens iterables and iterators; counter counts outer values (§27.1.4.6).
out.flatMap = [1, 2, 3].values().flatMap((v, i) => [v, i * 10]).toArray();  // [1, 0, 2, 10, 3, 20]
out.flatMapIter = [2, 3].values().flatMap((v) => counter(v)).toArray();     // [0, 1, 0, 1, 2]
// Laziness: nothing runs until next() (CreateIteratorFromClosure starts suspended).
log.length = 0;
const lazy = counter(3).map((v) => { log.push('map' + v); return v; });
out.lazyBefore = log.slice();                                               // []
out.lazyFirst = lazy.next();                                                // {value: 0, done: false}
out.lazyLog = log.slice();                                                  // next0 map0
// return() before the first next() closes the underlying iterator (§27.1.2.1.2 step 4).
log.length = 0;
const h = counter(3).filter(() => true);
out.returnEarly = h.return();                                               // {value: undefined→null, done: true}
out.returnEarlyLog = log.slice();                                           // return
out.afterReturn = h.next();                                                 // done (completed)
out.afterReturnLog = log.slice();                                           // still only return
// return() at a yield closes it as well (IfAbruptCloseIterator on the Yield completion).
log.length = 0;
const h2 = counter(3).map((x) => x);
h2.next();
h2.return();
out.returnMidLog = log.slice();                                             // next0 return
// flatMap's return() closes the inner iterator first, then the outer (§27.1.4.6 step 6.b.viii.4).
const order = [];
function named(name, n) {
  let i = 0;
  return {
    next() { return i < n ? { value: name + i++, done: false } : { done: true }; },
    return() { order.push('close ' + name); return {}; },
  };
}
const fm = Iterator.from(named('outer', 3)).map((x) => x);
const fm2 = Iterator.from(named('outer', 3)).flatMap(() => named('inner', 3));
out.fm2First = fm2.next().value;                                            // inner0
fm2.return();
out.flatMapReturnOrder = order.slice();                                     // close inner, close outer
// A helper's toStringTag and prototype chain (§27.1.2.1).
out.helperTag = Object.prototype.toString.call(fm);                         // [object Iterator Helper]
out.helperProtoIsIterProto = Object.getPrototypeOf(Object.getPrototypeOf(fm)) === Iterator.prototype;  // true
out.helperOwnKeys = Reflect.ownKeys(fm).length;                             // 0
out.helperNextLength = Object.getPrototypeOf(fm).next.length;               // 0
// Errors: a non-callable mapper closes the receiver, then throws TypeError (§27.1.4.8 step 4).
log.length = 0;
try { counter(3).map(1); } catch (e) { out.badMapper = e.constructor.name; }  // TypeError
out.badMapperLog = log.slice();                                             // return
// take/drop: NaN or a negative limit is a RangeError after closing (§27.1.4.11 steps 6, 8).
log.length = 0;
for (const bad of [NaN, -1, 'x']) {
  try { counter(3).take(bad); } catch (e) { log.push(e.constructor.name); }
}
try { counter(3).drop(-0.5); out.dropNegHalf = 'ok'; } catch (e) { out.dropNegHalf = e.name; }  // ok: ToIntegerOrInfinity(-0.5) = 0
out.badLimitLog = log.slice();                                              // return RangeError ×3
out.takeFloat = [1, 2, 3].values().take(1.9).toArray();                    // [1]: ToIntegerOrInfinity
out.dropString = [1, 2, 3].values().drop('2').toArray();                   // [3]: ToNumber('2')
// A throwing callback closes the underlying iterator (IfAbruptCloseIterator(mapped, iterated)).
log.length = 0;
const thrower = counter(3).map((v) => { if (v === 1) throw new Error('boom'); return v; });
out.throwFirst = thrower.next().value;                                      // 0
try { thrower.next(); } catch (e) { out.throwMsg = e.message; }             // boom
out.throwLog = log.slice();                                                 // next0 next1 return
out.afterThrow = thrower.next();                                            // done: the closure completed
// A throwing next() does not close (IteratorStepValue marks the record done; no IteratorClose).
log.length = 0;
const badNext = { __proto__: Iterator.prototype, next() { throw new Error('next'); }, return() { log.push('ret'); return {}; } };
try { badNext.map((x) => x).next(); } catch (e) { out.badNext = e.message; }  // next
out.badNextLog = log.slice();                                               // []
// flatMap rejects strings (GetIteratorFlattenable with reject-primitives) and closes the outer.
log.length = 0;
try { counter(2).flatMap(() => 'ab').next(); } catch (e) { out.flatMapString = e.constructor.name; }  // TypeError
out.flatMapStringLog = log.slice();                                         // next0 return
out.flatMapStringObject = [1].values().flatMap(() => new String('ab')).toArray();  // ['a', 'b']
// Re-entering a running helper is a TypeError (GeneratorValidate: executing).
let reentrant;
const re = [1, 2].values().map((v) => { try { reentrant.next(); } catch (e) { return e.constructor.name; } return 'no'; });
reentrant = re;
out.reentrant = re.next().value;                                            // TypeError
// Incompatible receivers.
try { Iterator.prototype.map.call(1, (x) => x); } catch (e) { out.nonObjectThis = e.constructor.name; }  // TypeError
try { Object.getPrototypeOf(fm).next.call({}); } catch (e) { out.badHelperThis = e.constructor.name; }  // TypeError
return out;
