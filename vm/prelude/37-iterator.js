// Iterator helpers (ECMA-262 2025 §27.1.3 the Iterator constructor, §27.1.4 Iterator.prototype's
// methods, §27.1.2.1 %IteratorHelperPrototype%, §27.1.3.2.1.1 %WrapForValidIteratorPrototype%).
// %Iterator.prototype% is the realm's %IteratorPrototype%, so the built-in iterators (array, string,
// map, set, regexp-string, generator) already inherit these methods.
//
// A helper's state (the spec's [[UnderlyingIterator]] and the abstract closure's variables) is kept
// in a private field stamped onto the helper object, so it is invisible to programs (no own keys) and
// a brand check at the same time. The closures are written as explicit state machines: `st.s` is the
// generator state of §27.5 (0 suspended-start, 1 suspended-yield, 2 executing, 3 completed).
(function (I) {
  'use strict';
  const call = I.call;
  const isCallable = I.isCallable;
  const isObject = I.isObject;
  const typeError = I.typeError;
  const describe = I.errDescribe;
  const createDataProperty = I.createDataProperty;
  const defineMethod = I.defineMethod;
  const defineValue = I.defineValue;
  const symIterator = I.symIterator;
  const symToStringTag = I.symToStringTag;
  const IteratorPrototype = I.iteratorPrototype;
  const $RangeError = RangeError;
  const $Number = Number;
  const objectCreate = Object.create;
  const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  const toIntegerOrInfinity = I.toIntegerOrInfinity;

  // Stamps a private slot onto an existing object (the base constructor returns its argument).
  class Stamp {
    constructor(o) {
      return o;
    }
  }
  class Slot extends Stamp {
    #st;
    constructor(o, st) {
      super(o);
      this.#st = st;
    }
    static get(o) {
      return isObject(o) && #st in o ? o.#st : undefined;
    }
  }

  function iterResult(value, done) {
    return { value, done };
  }

  // GetIteratorDirect (§7.4.2): the record is { it, next, done }.
  function direct(obj) {
    return { it: obj, next: obj.next, done: false };
  }

  // IteratorStepValue (§7.4.9): the next value, or DONE. An error marks the record done.
  const DONE = I.DONE;
  function stepValue(rec) {
    let r;
    try {
      r = call(rec.next, rec.it);
      if (!isObject(r)) throw typeError(`Iterator result ${describe(r)} is not an object`);
      if (r.done) {
        rec.done = true;
        return DONE;
      }
      return r.value;
    } catch (e) {
      rec.done = true;
      throw e;
    }
  }

  // IteratorStep (§7.4.8): false when done; the value is not read.
  function step(rec) {
    try {
      const r = call(rec.next, rec.it);
      if (!isObject(r)) throw typeError(`Iterator result ${describe(r)} is not an object`);
      if (r.done) {
        rec.done = true;
        return false;
      }
      return true;
    } catch (e) {
      rec.done = true;
      throw e;
    }
  }

  // IteratorClose (§7.4.11) with a normal (or return) completion: errors of return() propagate, and
  // a non-object result is a TypeError.
  function closeNormal(it) {
    const ret = it.return;
    if (ret === undefined || ret === null) return;
    const r = call(ret, it);
    if (!isObject(r)) throw typeError(`Iterator result ${describe(r)} is not an object`);
  }
  // IteratorClose with a throw completion: the error being thrown wins over anything return() does.
  function closeThrow(it, error) {
    try {
      const ret = it.return;
      if (ret !== undefined && ret !== null) call(ret, it);
    } catch (e) {
      // dropped: the original error is rethrown below
    }
    throw error;
  }

  function requireObject(O, name) {
    if (!isObject(O)) throw typeError(`Iterator.prototype.${name} called on non-object`);
  }
  function requireCallable(O, f, name) {
    if (!isCallable(f)) closeThrow(O, typeError(`${describe(f)} is not a function`));
  }
  // The limit argument of take/drop (§27.1.4.2 steps 4-8, §27.1.4.11 steps 4-8).
  function toLimit(O, limit) {
    let n;
    try {
      n = +limit;
    } catch (e) {
      closeThrow(O, e);
    }
    if (n !== n) closeThrow(O, new $RangeError(`${describe(limit)} must be positive`));
    n = toIntegerOrInfinity(n);
    if (n < 0) closeThrow(O, new $RangeError(`${describe(limit)} must be positive`));
    return n;
  }

  // ---- %IteratorHelperPrototype% (§27.1.2.1). Kinds: 0 map, 1 filter, 2 take, 3 drop, 4 flatMap.
  const IteratorHelperPrototype = objectCreate(IteratorPrototype);

  function makeHelper(kind, rec, fn, n) {
    const o = objectCreate(IteratorHelperPrototype);
    new Slot(o, { s: 0, kind, rec, fn, n, counter: 0, inner: null });
    return o;
  }

  // One resumption of the closure with a normal completion: the next value to yield, or DONE when
  // the closure returns.
  function advance(st) {
    const rec = st.rec;
    switch (st.kind) {
      case 0: {  // map (§27.1.4.8)
        const value = stepValue(rec);
        if (value === DONE) return DONE;
        let mapped;
        try {
          mapped = call(st.fn, undefined, value, st.counter);
        } catch (e) {
          closeThrow(rec.it, e);
        }
        st.counter++;
        return mapped;
      }
      case 1: {  // filter (§27.1.4.5)
        for (;;) {
          const value = stepValue(rec);
          if (value === DONE) return DONE;
          let selected;
          try {
            selected = call(st.fn, undefined, value, st.counter);
          } catch (e) {
            closeThrow(rec.it, e);
          }
          st.counter++;
          if (selected) return value;
        }
      }
      case 2: {  // take (§27.1.4.11)
        if (st.n === 0) {
          closeNormal(rec.it);
          return DONE;
        }
        if (st.n !== Infinity) st.n--;
        return stepValue(rec);
      }
      case 3: {  // drop (§27.1.4.3)
        while (st.n > 0) {
          if (st.n !== Infinity) st.n--;
          if (!step(rec)) return DONE;
        }
        return stepValue(rec);
      }
      default: {  // flatMap (§27.1.4.6)
        for (;;) {
          if (st.inner === null) {
            const value = stepValue(rec);
            if (value === DONE) return DONE;
            let inner;
            try {
              const mapped = call(st.fn, undefined, value, st.counter);
              inner = flattenable(mapped, false);
            } catch (e) {
              closeThrow(rec.it, e);
            }
            st.inner = inner;
          }
          let innerValue;
          try {
            innerValue = stepValue(st.inner);
          } catch (e) {
            closeThrow(rec.it, e);
          }
          if (innerValue !== DONE) return innerValue;
          st.inner = null;
          st.counter++;
        }
      }
    }
  }

  function helperState(O, name) {
    const st = Slot.get(O);
    if (st === undefined || st.rec === undefined) {
      throw typeError(`Method Iterator Helper.prototype.${name} called on incompatible receiver ${describe(O)}`);
    }
    return st;
  }

  defineMethod(IteratorHelperPrototype, 'next', function next() {
    const st = helperState(this, 'next');
    if (st.s === 2) throw typeError('Generator is already running');
    if (st.s === 3) return iterResult(undefined, true);
    st.s = 2;
    let v;
    try {
      v = advance(st);
    } catch (e) {
      st.s = 3;
      throw e;
    }
    if (v === DONE) {
      st.s = 3;
      return iterResult(undefined, true);
    }
    st.s = 1;
    return iterResult(v, false);
  }, 0);

  // §27.1.2.1.2: a helper that has not started closes its iterator directly; one suspended at a
  // yield resumes with a return completion, which closes the inner iterator of flatMap first.
  defineMethod(IteratorHelperPrototype, 'return', function () {
    const st = helperState(this, 'return');
    if (st.s === 2) throw typeError('Generator is already running');
    if (st.s === 3) return iterResult(undefined, true);
    if (st.s === 0) {
      st.s = 3;
      closeNormal(st.rec.it);
      return iterResult(undefined, true);
    }
    st.s = 2;
    try {
      if (st.inner !== null) {
        const inner = st.inner;
        st.inner = null;
        try {
          closeNormal(inner.it);
        } catch (e) {
          closeThrow(st.rec.it, e);
        }
      }
      closeNormal(st.rec.it);
    } finally {
      st.s = 3;
    }
    return iterResult(undefined, true);
  }, 0);
  defineValue(IteratorHelperPrototype, symToStringTag, 'Iterator Helper', 'c');

  // ---- The lazy methods (§27.1.4.3, .5, .6, .8, .11).
  function lazyWithFn(kind, name) {
    return function (fn) {
      const O = this;
      requireObject(O, name);
      requireCallable(O, fn, name);
      const rec = direct(O);
      return makeHelper(kind, rec, fn, 0);
    };
  }
  const map = lazyWithFn(0, 'map');
  const filter = lazyWithFn(1, 'filter');
  const flatMap = lazyWithFn(4, 'flatMap');
  function take(limit) {
    const O = this;
    requireObject(O, 'take');
    const n = toLimit(O, limit);
    return makeHelper(2, direct(O), undefined, n);
  }
  function drop(limit) {
    const O = this;
    requireObject(O, 'drop');
    const n = toLimit(O, limit);
    return makeHelper(3, direct(O), undefined, n);
  }

  // ---- The eager methods (§27.1.4.2, .4, .7, .9, .10, .12).
  function reduce(reducer) {
    const O = this;
    requireObject(O, 'reduce');
    requireCallable(O, reducer, 'reduce');
    const rec = direct(O);
    let acc, counter;
    if (arguments.length < 2) {
      acc = stepValue(rec);
      if (acc === DONE) throw typeError('Reduce of empty iterator with no initial value');
      counter = 1;
    } else {
      acc = arguments[1];
      counter = 0;
    }
    for (;;) {
      const value = stepValue(rec);
      if (value === DONE) return acc;
      try {
        acc = call(reducer, undefined, acc, value, counter);
      } catch (e) {
        closeThrow(O, e);
      }
      counter++;
    }
  }
  function toArray() {
    const O = this;
    requireObject(O, 'toArray');
    const rec = direct(O);
    const items = [];
    for (;;) {
      const value = stepValue(rec);
      if (value === DONE) return items;
      createDataProperty(items, items.length, value);
    }
  }
  function forEach(fn) {
    const O = this;
    requireObject(O, 'forEach');
    requireCallable(O, fn, 'forEach');
    const rec = direct(O);
    let counter = 0;
    for (;;) {
      const value = stepValue(rec);
      if (value === DONE) return undefined;
      try {
        call(fn, undefined, value, counter);
      } catch (e) {
        closeThrow(O, e);
      }
      counter++;
    }
  }
  // some (0), every (1), find (2).
  function searching(kind, name) {
    return function (predicate) {
      const O = this;
      requireObject(O, name);
      requireCallable(O, predicate, name);
      const rec = direct(O);
      let counter = 0;
      for (;;) {
        const value = stepValue(rec);
        if (value === DONE) return kind === 0 ? false : kind === 1 ? true : undefined;
        let result;
        try {
          result = call(predicate, undefined, value, counter);
        } catch (e) {
          closeThrow(O, e);
        }
        if (kind === 1) {
          if (!result) {
            closeNormal(O);
            return false;
          }
        } else if (result) {
          closeNormal(O);
          return kind === 0 ? true : value;
        }
        counter++;
      }
    };
  }

  defineMethod(IteratorPrototype, 'map', map, 1);
  defineMethod(IteratorPrototype, 'filter', filter, 1);
  defineMethod(IteratorPrototype, 'take', take, 1);
  defineMethod(IteratorPrototype, 'drop', drop, 1);
  defineMethod(IteratorPrototype, 'flatMap', flatMap, 1);
  defineMethod(IteratorPrototype, 'reduce', reduce, 1);
  defineMethod(IteratorPrototype, 'toArray', toArray, 0);
  defineMethod(IteratorPrototype, 'forEach', forEach, 1);
  defineMethod(IteratorPrototype, 'some', searching(0, 'some'), 1);
  defineMethod(IteratorPrototype, 'every', searching(1, 'every'), 1);
  defineMethod(IteratorPrototype, 'find', searching(2, 'find'), 1);

  // GetIteratorFlattenable (§7.4.13): strings are iterated only when `strings` (Iterator.from);
  // flatMap passes false (reject-primitives).
  function flattenable(obj, strings) {
    if (!isObject(obj)) {
      if (!strings || typeof obj !== 'string') throw typeError(`${describe(obj)} is not an object`);
    }
    const method = obj[symIterator];
    let it;
    if (method === undefined || method === null) {
      it = obj;
    } else {
      if (!isCallable(method)) throw typeError(`${describe(method)} is not a function`);
      it = call(method, obj);
    }
    if (!isObject(it)) throw typeError(`${describe(it)} is not an object`);
    return direct(it);
  }

  // ---- %WrapForValidIteratorPrototype% (§27.1.3.2.1.1).
  const WrapForValidIteratorPrototype = objectCreate(IteratorPrototype);
  function wrapped(O, name) {
    const st = Slot.get(O);
    if (st === undefined || st.wrapped === undefined) {
      throw typeError(`Method WrapForValidIteratorPrototype.${name} called on incompatible receiver ${describe(O)}`);
    }
    return st.wrapped;
  }
  defineMethod(WrapForValidIteratorPrototype, 'next', function next() {
    const rec = wrapped(this, 'next');
    return call(rec.next, rec.it);
  }, 0);
  defineMethod(WrapForValidIteratorPrototype, 'return', function () {
    const it = wrapped(this, 'return').it;
    const ret = it.return;
    if (ret === undefined || ret === null) return iterResult(undefined, true);
    if (!isCallable(ret)) throw typeError(`${describe(ret)} is not a function`);
    return call(ret, it);
  }, 0);

  // ---- The Iterator constructor (§27.1.3.1): abstract, usable only as a superclass.
  function Iterator() {
    if (new.target === undefined) throw typeError("Constructor Iterator requires 'new'");
    if (new.target === Iterator) throw typeError('Abstract class Iterator not directly constructable');
  }
  defineValue(Iterator, 'prototype', IteratorPrototype, '');

  // Iterator.from (§27.1.3.2.1).
  function isIteratorInstance(o) {
    for (let p = I.getPrototypeOf(o); p !== null; p = I.getPrototypeOf(p)) {
      if (p === IteratorPrototype) return true;
    }
    return false;
  }
  defineMethod(Iterator, 'from', function from(O) {
    const rec = flattenable(O, true);
    // OrdinaryHasInstance(%Iterator%, it): Iterator.prototype is non-writable and non-configurable.
    if (isIteratorInstance(rec.it)) return rec.it;
    const w = objectCreate(WrapForValidIteratorPrototype);
    new Slot(w, { wrapped: rec });
    return w;
  }, 1);

  // SetterThatIgnoresPrototypeProperties (§27.1.4.1.2, §27.1.4.14.2).
  function ignoringSetter(key) {
    return function (v) {
      const O = this;
      if (!isObject(O)) throw typeError(`${describe(O)} is not an object`);
      if (O === IteratorPrototype) {
        throw typeError(`Cannot assign to read only property '${typeof key === 'string' ? key : 'Symbol(Symbol.toStringTag)'}' of object '[object Iterator]'`);
      }
      if (getOwnPropertyDescriptor(O, key) === undefined) {
        createDataProperty(O, key, v);
      } else {
        O[key] = v;
      }
    };
  }
  I.defineGetter(IteratorPrototype, symToStringTag, function () { return 'Iterator'; },
    ignoringSetter(symToStringTag));
  I.defineGetter(IteratorPrototype, 'constructor', function () { return Iterator; },
    ignoringSetter('constructor'));

  defineValue(globalThis, 'Iterator', Iterator, 'wc');
})(__intrinsics__);
