// Map, Set, WeakMap, WeakSet in JavaScript (ECMA-262 2024 §24.1-24.4, plus the ES2025 Set methods and
// Map.groupBy): forEach, groupBy, union & co., and the constructors' filling loop for iterables other than
// plain arrays — everything that calls program code. Collection data is only touched through the
// __intrinsics__ natives of vm/builtins/collections.cc, never through methods a program could replace.
(function (I) {
  'use strict';
  const call = I.call;
  const isCallable = I.isCallable;
  const toIntegerOrInfinity = I.toIntegerOrInfinity;
  const defineMethod = I.defineMethod;
  const DONE = I.DONE;
  const symIterator = I.symIterator;
  const collCheck = I.collCheck;
  const collIterate = I.collIterate;
  const collStep = I.collStep;
  const collValue = I.collValue;
  const collSize = I.collSize;
  const collHas = I.collHas;
  const collAdd = I.collAdd;
  const collDelete = I.collDelete;
  const newSet = I.newSet;
  const newMap = I.newMap;
  const mapGroupAdd = I.mapGroupAdd;
  const describe = I.errDescribe;
  const describeType = I.errDescribeType;
  const $TypeError = TypeError;
  const $RangeError = RangeError;
  const $Map = Map;
  const MapPrototype = Map.prototype;
  const SetPrototype = Set.prototype;
  const MAP = 0, SET = 1;

  function isObject(v) {
    return (typeof v === 'object' && v !== null) || typeof v === 'function';
  }

  // ---- iteration (§7.4) with V8's messages

  function getIterator(obj) {
    const method = obj === undefined || obj === null ? undefined : obj[symIterator];
    if (!isCallable(method)) {
      throw new $TypeError(`${describeType(obj)} is not iterable (cannot read property Symbol(Symbol.iterator))`);
    }
    const iterator = call(method, obj);
    if (!isObject(iterator)) throw new $TypeError('Result of the Symbol.iterator method is not an object');
    return { iterator, next: iterator.next };
  }

  // GetIteratorFromMethod (§7.4.4) for a set-like's keys().
  function iteratorFromMethod(obj, method) {
    const iterator = call(method, obj);
    if (!isObject(iterator)) throw new $TypeError(`${describe(iterator)} is not an object`);
    return { iterator, next: iterator.next };
  }

  // IteratorStepValue (§7.4.8): the next value or DONE.
  function step(rec) {
    const r = call(rec.next, rec.iterator);
    if (!isObject(r)) throw new $TypeError(`Iterator result ${describe(r)} is not an object`);
    if (r.done) return DONE;
    return r.value;
  }

  // IteratorClose with a normal completion (§7.4.11).
  function close(rec) {
    const ret = rec.iterator.return;
    if (ret === undefined || ret === null) return;
    const r = call(ret, rec.iterator);
    if (!isObject(r)) throw new $TypeError(`Iterator result ${describe(r)} is not an object`);
  }

  // IteratorClose with a throw completion: errors of return() are dropped.
  function closeQuietly(rec) {
    try {
      const ret = rec.iterator.return;
      if (ret !== undefined && ret !== null) call(ret, rec.iterator);
    } catch (e) {
      // The original error wins.
    }
  }

  // ---- constructors fed by generic iterables (§24.1.1.2 AddEntriesFromIterable, §24.2.1.1 steps 5-8)

  function fillFromIterable(target, iterable, isMap) {
    const name = isMap ? 'set' : 'add';
    const adder = target[name];
    if (!isCallable(adder)) {
      throw new $TypeError(`'${describe(adder)}' returned for property '${name}' of object '${describe(target)}' is not a function`);
    }
    const rec = getIterator(iterable);
    for (;;) {
      const next = step(rec);
      if (next === DONE) return target;
      if (isMap) {
        if (!isObject(next)) {
          const error = new $TypeError(`Iterator value ${describe(next)} is not an entry object`);
          closeQuietly(rec);
          throw error;
        }
        try {
          const k = next[0];
          const v = next[1];
          call(adder, target, k, v);
        } catch (e) {
          closeQuietly(rec);
          throw e;
        }
      } else {
        try {
          call(adder, target, next);
        } catch (e) {
          closeQuietly(rec);
          throw e;
        }
      }
    }
  }

  // ---- forEach (§24.1.3.5, §24.2.3.6): live iteration over the data

  function mapForEach(callbackfn, thisArg) {
    const M = collCheck(this, MAP, 'Map.prototype.forEach');
    if (!isCallable(callbackfn)) throw new $TypeError(`${describeType(callbackfn)} is not a function`);
    const it = collIterate(M);
    for (;;) {
      const k = collStep(it);
      if (k === DONE) return undefined;
      call(callbackfn, thisArg, collValue(it), k, M);
    }
  }

  function setForEach(callbackfn, thisArg) {
    const S = collCheck(this, SET, 'Set.prototype.forEach');
    if (!isCallable(callbackfn)) throw new $TypeError(`${describeType(callbackfn)} is not a function`);
    const it = collIterate(S);
    for (;;) {
      const k = collStep(it);
      if (k === DONE) return undefined;
      call(callbackfn, thisArg, k, k, S);
    }
  }

  defineMethod(MapPrototype, 'forEach', mapForEach, 1);
  defineMethod(SetPrototype, 'forEach', setForEach, 1);

  // ---- Map.groupBy (§24.1.2.1, GroupBy §7.3.35 with key coercion "zero")

  function groupBy(items, callbackfn) {
    if (items === undefined || items === null) throw new $TypeError('Map.groupBy called on null or undefined');
    if (!isCallable(callbackfn)) throw new $TypeError(`${describeType(callbackfn)} is not a function`);
    const map = newMap();
    const rec = getIterator(items);
    let k = 0;
    for (;;) {
      const value = step(rec);
      if (value === DONE) return map;
      let key;
      try {
        key = call(callbackfn, undefined, value, k);
      } catch (e) {
        closeQuietly(rec);
        throw e;
      }
      if (key === 0) key = 0;  // -0 → +0
      mapGroupAdd(map, key, value);
      k++;
    }
  }
  defineMethod($Map, 'groupBy', groupBy, 2);

  // ---- Set methods (ES2025 §24.2.4)

  // GetSetRecord (§24.2.1.2).
  function getSetRecord(obj, method) {
    if (!isObject(obj)) throw new $TypeError(`${method} argument must be an object`);
    const rawSize = obj.size;
    const numSize = +rawSize;
    if (numSize !== numSize) throw new $TypeError('The .size property is NaN');
    const intSize = toIntegerOrInfinity(numSize);
    if (intSize < 0) throw new $RangeError(`'${intSize}' is an invalid size`);
    const has = obj.has;
    if (!isCallable(has)) {
      throw new $TypeError(`'${describe(has)}' returned for property 'has' of object '${describe(obj)}' is not a function`);
    }
    const keys = obj.keys;
    if (!isCallable(keys)) {
      throw new $TypeError(`'${describe(keys)}' returned for property 'keys' of object '${describe(obj)}' is not a function`);
    }
    return { set: obj, size: intSize, has, keys };
  }

  function canonicalize(v) {
    return v === 0 ? 0 : v;
  }

  function union(other) {
    const O = collCheck(this, SET, 'Set.prototype.union');
    const rec = getSetRecord(other, 'Set.prototype.union');
    const keys = iteratorFromMethod(rec.set, rec.keys);
    const result = newSet(O);
    for (;;) {
      const next = step(keys);
      if (next === DONE) return result;
      collAdd(result, canonicalize(next), undefined);
    }
  }

  function intersection(other) {
    const O = collCheck(this, SET, 'Set.prototype.intersection');
    const rec = getSetRecord(other, 'Set.prototype.intersection');
    const result = newSet();
    if (collSize(O) <= rec.size) {
      const it = collIterate(O);
      for (;;) {
        const e = collStep(it);
        if (e === DONE) break;
        if (call(rec.has, rec.set, e)) collAdd(result, e, undefined);
      }
    } else {
      const keys = iteratorFromMethod(rec.set, rec.keys);
      for (;;) {
        const next = step(keys);
        if (next === DONE) break;
        const v = canonicalize(next);
        if (collHas(O, v)) collAdd(result, v, undefined);
      }
    }
    return result;
  }

  function difference(other) {
    const O = collCheck(this, SET, 'Set.prototype.difference');
    const rec = getSetRecord(other, 'Set.prototype.difference');
    const result = newSet(O);
    if (collSize(O) <= rec.size) {
      // The spec walks the copy (resultSetData), so changes `has` makes to O are not seen.
      const it = collIterate(result);
      for (;;) {
        const e = collStep(it);
        if (e === DONE) break;
        if (call(rec.has, rec.set, e)) collDelete(result, e);
      }
    } else {
      const keys = iteratorFromMethod(rec.set, rec.keys);
      for (;;) {
        const next = step(keys);
        if (next === DONE) break;
        collDelete(result, canonicalize(next));
      }
    }
    return result;
  }

  function symmetricDifference(other) {
    const O = collCheck(this, SET, 'Set.prototype.symmetricDifference');
    const rec = getSetRecord(other, 'Set.prototype.symmetricDifference');
    const keys = iteratorFromMethod(rec.set, rec.keys);
    const result = newSet(O);
    for (;;) {
      const next = step(keys);
      if (next === DONE) return result;
      const v = canonicalize(next);
      if (collHas(O, v)) collDelete(result, v);
      else collAdd(result, v, undefined);
    }
  }

  function isSubsetOf(other) {
    const O = collCheck(this, SET, 'Set.prototype.isSubsetOf');
    const rec = getSetRecord(other, 'Set.prototype.isSubsetOf');
    if (collSize(O) > rec.size) return false;
    const it = collIterate(O);
    for (;;) {
      const e = collStep(it);
      if (e === DONE) return true;
      if (!call(rec.has, rec.set, e)) return false;
    }
  }

  function isSupersetOf(other) {
    const O = collCheck(this, SET, 'Set.prototype.isSupersetOf');
    const rec = getSetRecord(other, 'Set.prototype.isSupersetOf');
    if (collSize(O) < rec.size) return false;
    const keys = iteratorFromMethod(rec.set, rec.keys);
    for (;;) {
      const next = step(keys);
      if (next === DONE) return true;
      if (!collHas(O, next)) {
        close(keys);
        return false;
      }
    }
  }

  function isDisjointFrom(other) {
    const O = collCheck(this, SET, 'Set.prototype.isDisjointFrom');
    const rec = getSetRecord(other, 'Set.prototype.isDisjointFrom');
    if (collSize(O) <= rec.size) {
      const it = collIterate(O);
      for (;;) {
        const e = collStep(it);
        if (e === DONE) return true;
        if (call(rec.has, rec.set, e)) return false;
      }
    }
    const keys = iteratorFromMethod(rec.set, rec.keys);
    for (;;) {
      const next = step(keys);
      if (next === DONE) return true;
      if (collHas(O, next)) {
        close(keys);
        return false;
      }
    }
  }

  defineMethod(SetPrototype, 'union', union, 1);
  defineMethod(SetPrototype, 'intersection', intersection, 1);
  defineMethod(SetPrototype, 'difference', difference, 1);
  defineMethod(SetPrototype, 'symmetricDifference', symmetricDifference, 1);
  defineMethod(SetPrototype, 'isSubsetOf', isSubsetOf, 1);
  defineMethod(SetPrototype, 'isSupersetOf', isSupersetOf, 1);
  defineMethod(SetPrototype, 'isDisjointFrom', isDisjointFrom, 1);

  I.collSetup(fillFromIterable);
})(__intrinsics__);
