// Iterator helpers, eager methods, the Iterator constructor and Iterator.from (ECMA-262 2025 §27.1.3,
// §27.1.4). Node 20 has no iterator helpers: eager.json is written by hand from the comments here.
const log = [];
function counter(n) {
  let i = 0;
  return {
    __proto__: Iterator.prototype,
    next() { log.push('next' + i); return i < n ? { value: i++, done: false } : { value: 'end', done: true }; },
    return() { log.push('return'); return {}; },
  };
}
const out = {};
// reduce (§27.1.4.9): without an initial value the first value is the accumulator, counter starts at 1.
out.reduceSum = [1, 2, 3].values().reduce((a, b) => a + b);                  // 6
out.reduceArgs = [5, 6].values().reduce((acc, v, i) => acc.concat([[v, i]]), []);  // [[5,0],[6,1]]
out.reduceArgsNoInit = [5, 6, 7].values().reduce((acc, v, i) => acc + ':' + v + '@' + i);  // '5:6@1:7@2'
try { [].values().reduce((a, b) => a + b); } catch (e) { out.reduceEmpty = e.constructor.name; }  // TypeError
out.reduceEmptyInit = [].values().reduce((a, b) => a + b, 'init');          // 'init'
// toArray / forEach (§27.1.4.12, §27.1.4.7).
out.toArray = new Set(['a', 'b']).values().toArray();                      // ['a', 'b']
const seen = [];
out.forEachResult = new Map([[1, 'x'], [2, 'y']]).entries().forEach((e, i) => seen.push([e[0], e[1], i]));  // undefined → null
out.forEachSeen = seen;                                                     // [[1,'x',0],[2,'y',1]]
// some / every / find close the iterator when they stop early (IteratorClose with a normal completion).
log.length = 0;
out.some = counter(5).some((v) => v === 1);                                // true
out.someLog = log.slice();                                                  // next0 next1 return
log.length = 0;
out.someFalse = counter(2).some((v) => v > 5);                             // false
out.someFalseLog = log.slice();                                             // next0 next1 next2 (exhausted: no return)
log.length = 0;
out.every = counter(5).every((v) => v < 1);                                // false
out.everyLog = log.slice();                                                 // next0 next1 return
out.everyTrue = [1, 2].values().every((v) => v > 0);                       // true
log.length = 0;
out.find = counter(5).find((v, i) => v * i === 4);                          // 2
out.findLog = log.slice();                                                  // next0 next1 next2 return
out.findNone = [1].values().find((v) => v > 1);                            // undefined → null
// A throwing predicate closes the iterator and the error propagates.
log.length = 0;
try { counter(3).every(() => { throw new RangeError('p'); }); } catch (e) { out.everyThrow = e.constructor.name + ':' + e.message; }
out.everyThrowLog = log.slice();                                            // next0 return
// return() that throws while closing after a callback error: the callback's error wins.
const badReturn = { __proto__: Iterator.prototype, next() { return { value: 1, done: false }; }, return() { throw new Error('from return'); } };
try { badReturn.forEach(() => { throw new Error('from callback'); }); } catch (e) { out.errorWins = e.message; }  // from callback
// ... but when some() stops normally, an error from return() propagates (§7.4.11 step 6).
try { badReturn.some(() => true); } catch (e) { out.returnErrorSome = e.message; }  // from return
// Built-in iterators inherit from Iterator.prototype (%IteratorPrototype%, §27.1.2).
const proto = Iterator.prototype;
const inherits = (it) => Object.getPrototypeOf(Object.getPrototypeOf(it)) === proto || Object.getPrototypeOf(Object.getPrototypeOf(Object.getPrototypeOf(it))) === proto;
out.inherits = [
  inherits([].values()), inherits(new Map().keys()), inherits(new Set().entries()),
  inherits(''[Symbol.iterator]()), inherits('a'.matchAll(/a/g)),
  inherits((function* () {})()),  // generator object → its function's prototype → %GeneratorPrototype% → Iterator.prototype
];
out.generatorHelpers = (function* () { yield 1; yield 2; yield 3; })().map((x) => x * x).filter((x) => x > 1).toArray();  // [4, 9]
out.stringHelpers = 'ab'[Symbol.iterator]().map((c) => c.toUpperCase()).toArray();  // ['A', 'B']
// The Iterator constructor is abstract (§27.1.3.1 step 1): TypeError when NewTarget is undefined or Iterator.
try { Iterator(); } catch (e) { out.callIterator = e.constructor.name; }     // TypeError
try { new Iterator(); } catch (e) { out.newIterator = e.constructor.name; }  // TypeError
class Countdown extends Iterator {
  constructor(n) { super(); this.n = n; }
  next() { return this.n > 0 ? { value: this.n--, done: false } : { value: undefined, done: true }; }
}
const cd = new Countdown(3);
out.subclass = [cd instanceof Iterator, cd.map((x) => x * 2).toArray()];    // [true, [6, 4, 2]]
out.iteratorLength = Iterator.length;                                       // 0
out.iteratorProtoDesc = (() => { const d = Object.getOwnPropertyDescriptor(Iterator, 'prototype'); return [d.writable, d.enumerable, d.configurable]; })();  // [false, false, false]
out.typeofIterator = typeof Iterator;                                       // function
// Iterator.from (§27.1.3.2.1): an object already inheriting from Iterator.prototype is returned as is;
// others are wrapped in %WrapForValidIteratorPrototype%; strings are iterated.
const arrIt = [1].values();
out.fromSame = Iterator.from(arrIt) === arrIt;                               // true
out.fromIterable = Iterator.from(new Set([1, 2])).map((x) => x + 1).toArray();  // [2, 3]
out.fromString = Iterator.from('hi').toArray();                             // ['h', 'i']
const plain = { i: 0, next() { return this.i < 2 ? { value: this.i++, done: false } : { value: undefined, done: true }; } };
const wrapped = Iterator.from(plain);
out.fromWrapped = [wrapped !== plain, wrapped instanceof Iterator, wrapped.toArray()];  // [true, true, [0, 1]]
out.wrapperTag = Object.prototype.toString.call(wrapped);                    // [object Iterator]: inherited accessor
out.wrapperReturnNoMethod = wrapped.return();                               // {value: undefined→null, done: true}
const withReturn = { next() { return { value: 1, done: false }; }, return() { return { value: 'closed', done: true, argc: arguments.length }; } };
out.wrapperReturn = Iterator.from(withReturn).return('ignored');           // {value: 'closed', done: true, argc: 0}: Call(returnMethod, iterator) passes no argument
try { Iterator.from(5); } catch (e) { out.fromNumber = e.constructor.name; }  // TypeError
try { Iterator.from({ [Symbol.iterator]: 1 }); } catch (e) { out.fromBadMethod = e.constructor.name; }  // TypeError
try { Iterator.from({ [Symbol.iterator]() { return 1; } }); } catch (e) { out.fromNonObject = e.constructor.name; }  // TypeError
// Symbol.toStringTag and constructor are accessors (§27.1.4.14, §27.1.4.1).
const tagDesc = Object.getOwnPropertyDescriptor(proto, Symbol.toStringTag);
out.tagAccessor = [typeof tagDesc.get, typeof tagDesc.set, tagDesc.enumerable, tagDesc.configurable];  // function function false true
out.protoTag = Object.prototype.toString.call(proto);                       // [object Iterator]
out.ctor = proto.constructor === Iterator;                                  // true
const own = Object.create(proto);
own[Symbol.toStringTag] = 'Mine';                                           // setter: CreateDataProperty on the receiver
out.ownTag = [Object.prototype.toString.call(own), Object.hasOwn(own, Symbol.toStringTag)];  // ['[object Mine]', true]
own.constructor = 5;
out.ownCtor = [own.constructor, Object.getOwnPropertyDescriptor(own, 'constructor').enumerable];  // [5, true]
try { proto.constructor = 1; } catch (e) { out.setOnProto = e.constructor.name; }  // TypeError (step 2)
try { tagDesc.set.call(1, 'x'); } catch (e) { out.setOnPrimitive = e.constructor.name; }  // TypeError (step 1)
out.methodLengths = ['map', 'filter', 'take', 'drop', 'flatMap', 'reduce', 'toArray', 'forEach', 'some', 'every', 'find'].map((k) => proto[k].length);  // 1 ×6, 0, 1 ×4
out.from = [Iterator.from.length, Iterator.from.name];                      // [1, 'from']
return out;
