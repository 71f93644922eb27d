// Array built-ins written in JavaScript (ECMA-262 2024 §23.1): Array.from/of, every method that calls
// back into program code, and the slow paths of the natives in vm/builtins/array.cc (generic
// array-likes, holes read through the prototype chain, getters, frozen/sealed/sparse arrays, species
// constructors, arguments that need ToNumber/ToString of objects). Each slow path follows the spec
// algorithm step by step; natives tail-call it with the same `this` and arguments.
//
// Strict mode: failed writes (frozen arrays, non-writable length) throw as the spec's Set(O, P, V, true)
// and DeletePropertyOrThrow require. Only values captured here at realm creation are used afterwards,
// never globals a program could replace.
(function () {
  'use strict';
  const I = __intrinsics__;
  const call = I.call;
  const toLength = I.toLength;
  const toIntegerOrInfinity = I.toIntegerOrInfinity;
  const createDataProperty = I.createDataProperty;
  const isConstructor = I.isConstructor;
  const describe = I.describe;
  const setNativeFallback = I.setNativeFallback;
  const DONE = I.DONE;
  const $TypeError = TypeError;
  const $RangeError = RangeError;
  const $Array = Array;
  const isArray = $Array.isArray;
  const AP = $Array.prototype;
  const objectToString = Object.prototype.toString;
  const symIterator = I.symIterator;
  const symSpecies = I.symSpecies;
  const symIsConcatSpreadable = Symbol.isConcatSpreadable;
  const arrayIteratorPrototype = I.arrayIteratorPrototype;
  const arrayIteratorNext = arrayIteratorPrototype.next;
  const arrayValues = AP.values;
  const MAX_SAFE_INTEGER = 9007199254740991;
  // Arrays being joined right now (V8 prints a cyclic reference as ""); mutated per run (copy-on-write).
  const joinStack = [];

  function isObject(v) {
    return (typeof v === 'object' && v !== null) || typeof v === 'function';
  }

  function toNumber(v) {
    return typeof v === 'number' ? v : +v;
  }

  function toInteger(v) {
    return toIntegerOrInfinity(toNumber(v));
  }

  function toString(v) {
    return typeof v === 'string' ? v : `${v}`;
  }

  // LengthOfArrayLike (ECMA-262 §7.3.19).
  function lengthOf(O) {
    return toLength(toNumber(O.length));
  }

  // ToObject(this value) with V8's message for the methods that name themselves.
  function thisObject(v, method) {
    if (v === undefined || v === null) {
      if (method !== undefined) throw new $TypeError(`Array.prototype.${method} called on null or undefined`);
      throw new $TypeError('Cannot convert undefined or null to object');
    }
    return I.toObject(v);
  }

  function requireCallable(fn) {
    if (typeof fn !== 'function') throw new $TypeError(`${describe(fn)} is not a function`);
  }

  // The start/end clamps of slice, splice, fill, copyWithin (relative to the end when negative).
  function relative(v, len) {
    const r = toInteger(v);
    if (r < 0) return len + r < 0 ? 0 : len + r;
    return r < len ? r : len;
  }

  function relativeEnd(v, len) {
    return v === undefined ? len : relative(v, len);
  }

  function sameValueZero(a, b) {
    return a === b || (a !== a && b !== b);
  }

  // ArrayCreate (ECMA-262 §10.4.2.2).
  function arrayCreate(len) {
    if (len > 4294967295) throw new $RangeError('Invalid array length');
    return new $Array(len);
  }

  // ArraySpeciesCreate (ECMA-262 §10.4.2.3).
  function arraySpeciesCreate(O, len) {
    if (!isArray(O)) return arrayCreate(len);
    let C = O.constructor;
    if (isObject(C)) {
      C = C[symSpecies];
      if (C === null) C = undefined;
    }
    if (C === undefined) return arrayCreate(len);
    if (!isConstructor(C)) throw new $TypeError('object.constructor[Symbol.species] is not a constructor');
    return new C(len);
  }

  function checkLength(n) {
    if (n > MAX_SAFE_INTEGER) throw new $TypeError('Invalid array length');
  }

  // --------------------------------------------------------------------------------- sorting helpers

  // BEGIN timsort
  // The sort of a list, as V8 does it (v8/third_party/v8/builtins/array-sort.tq): TimSort with binary
  // insertion for short runs and galloping merges. Ported call for call so that comparators that are
  // not consistent (e.g. `(a, b) => a > b`) give the same result as Node. cmp(x, y) < 0 means x first;
  // it is called with `this` undefined and its result converted as ToNumber, NaN acting as 0 (every test
  // is written `order < 0` or `!(order < 0)`, which treats NaN as 0).
  function timSort(work, n, cmp) {
    if (n < 2) return work;
    const MIN_GALLOP_WINS = 7;
    const state = { minGallop: 7 };
    const runBase = [];
    const runLength = [];
    let stackSize = 0;

    function binaryInsertionSort(low, startArg, high) {
      let start = low === startArg ? startArg + 1 : startArg;
      for (; start < high; ++start) {
        let left = low;
        let right = start;
        const pivot = work[start];
        while (left < right) {
          const mid = left + ((right - left) >> 1);
          let order = cmp(pivot, work[mid]);
          if (typeof order !== 'number') order = toNumber(order);
          if (order < 0) right = mid;
          else left = mid + 1;
        }
        for (let p = start; p > left; --p) work[p] = work[p - 1];
        work[left] = pivot;
      }
    }

    function countAndMakeRun(lowArg, high) {
      const low = lowArg + 1;
      if (low === high) return 1;
      let length = 2;
      const elementLow = work[low];
      const elementLowPre = work[low - 1];
      let order = cmp(elementLow, elementLowPre);
      if (typeof order !== 'number') order = toNumber(order);
      const isDescending = order < 0;
      let previousElement = elementLow;
      for (let idx = low + 1; idx < high; ++idx) {
        const currentElement = work[idx];
        order = cmp(currentElement, previousElement);
        if (typeof order !== 'number') order = toNumber(order);
        if (isDescending) {
          if (!(order < 0)) break;
        } else if (order < 0) {
          break;
        }
        previousElement = currentElement;
        ++length;
      }
      if (isDescending) {
        let lo = lowArg;
        let hi = lowArg + length - 1;
        while (lo < hi) {
          const t = work[lo];
          work[lo++] = work[hi];
          work[hi--] = t;
        }
      }
      return length;
    }

    // Leftmost position in a[base..base+length) where key belongs (a[k-1] < key <= a[k]).
    function gallopLeft(array, key, base, length, hint) {
      let lastOfs = 0;
      let offset = 1;
      let order = cmp(array[base + hint], key);
      if (typeof order !== 'number') order = toNumber(order);
      if (order < 0) {
        const maxOfs = length - hint;
        while (offset < maxOfs) {
          order = cmp(array[base + hint + offset], key);
          if (typeof order !== 'number') order = toNumber(order);
          if (!(order < 0)) break;
          lastOfs = offset;
          offset = (offset << 1) + 1;
          if (offset <= 0) offset = maxOfs;
        }
        if (offset > maxOfs) offset = maxOfs;
        lastOfs += hint;
        offset += hint;
      } else {
        const maxOfs = hint + 1;
        while (offset < maxOfs) {
          order = cmp(array[base + hint - offset], key);
          if (typeof order !== 'number') order = toNumber(order);
          if (order < 0) break;
          lastOfs = offset;
          offset = (offset << 1) + 1;
          if (offset <= 0) offset = maxOfs;
        }
        if (offset > maxOfs) offset = maxOfs;
        const tmp = lastOfs;
        lastOfs = hint - offset;
        offset = hint - tmp;
      }
      lastOfs++;
      while (lastOfs < offset) {
        const m = lastOfs + ((offset - lastOfs) >> 1);
        order = cmp(array[base + m], key);
        if (typeof order !== 'number') order = toNumber(order);
        if (order < 0) lastOfs = m + 1;
        else offset = m;
      }
      return offset;
    }

    // Rightmost position in a[base..base+length) where key belongs (a[k-1] <= key < a[k]).
    function gallopRight(array, key, base, length, hint) {
      let lastOfs = 0;
      let offset = 1;
      let order = cmp(key, array[base + hint]);
      if (typeof order !== 'number') order = toNumber(order);
      if (order < 0) {
        const maxOfs = hint + 1;
        while (offset < maxOfs) {
          order = cmp(key, array[base + hint - offset]);
          if (typeof order !== 'number') order = toNumber(order);
          if (!(order < 0)) break;
          lastOfs = offset;
          offset = (offset << 1) + 1;
          if (offset <= 0) offset = maxOfs;
        }
        if (offset > maxOfs) offset = maxOfs;
        const tmp = lastOfs;
        lastOfs = hint - offset;
        offset = hint - tmp;
      } else {
        const maxOfs = length - hint;
        while (offset < maxOfs) {
          order = cmp(key, array[base + hint + offset]);
          if (typeof order !== 'number') order = toNumber(order);
          if (order < 0) break;
          lastOfs = offset;
          offset = (offset << 1) + 1;
          if (offset <= 0) offset = maxOfs;
        }
        if (offset > maxOfs) offset = maxOfs;
        lastOfs += hint;
        offset += hint;
      }
      lastOfs++;
      while (lastOfs < offset) {
        const m = lastOfs + ((offset - lastOfs) >> 1);
        order = cmp(key, array[base + m]);
        if (typeof order !== 'number') order = toNumber(order);
        if (order < 0) offset = m;
        else lastOfs = m + 1;
      }
      return offset;
    }

    function copy(source, srcPos, target, dstPos, length) {
      if (srcPos < dstPos) {
        for (let i = length - 1; i >= 0; i--) target[dstPos + i] = source[srcPos + i];
      } else {
        for (let i = 0; i < length; i++) target[dstPos + i] = source[srcPos + i];
      }
    }

    function mergeLow(baseA, lengthAArg, baseB, lengthBArg) {
      let lengthA = lengthAArg;
      let lengthB = lengthBArg;
      const temp = new $Array(lengthA);
      copy(work, baseA, temp, 0, lengthA);
      let dest = baseA;
      let cursorTemp = 0;
      let cursorB = baseB;
      work[dest++] = work[cursorB++];
      let copyB = false;
      outer: for (;;) {
        if (--lengthB === 0) break outer;
        if (lengthA === 1) {
          copyB = true;
          break outer;
        }
        let minGallop = state.minGallop;
        for (;;) {
          let winsA = 0;
          let winsB = 0;
          for (;;) {
            let order = cmp(work[cursorB], temp[cursorTemp]);
            if (typeof order !== 'number') order = toNumber(order);
            if (order < 0) {
              work[dest++] = work[cursorB++];
              ++winsB;
              --lengthB;
              winsA = 0;
              if (lengthB === 0) break outer;
              if (winsB >= minGallop) break;
            } else {
              work[dest++] = temp[cursorTemp++];
              ++winsA;
              --lengthA;
              winsB = 0;
              if (lengthA === 1) {
                copyB = true;
                break outer;
              }
              if (winsA >= minGallop) break;
            }
          }
          ++minGallop;
          let first = true;
          while (winsA >= MIN_GALLOP_WINS || winsB >= MIN_GALLOP_WINS || first) {
            first = false;
            minGallop = minGallop - 1 > 1 ? minGallop - 1 : 1;
            state.minGallop = minGallop;
            winsA = gallopRight(temp, work[cursorB], cursorTemp, lengthA, 0);
            if (winsA > 0) {
              copy(temp, cursorTemp, work, dest, winsA);
              dest += winsA;
              cursorTemp += winsA;
              lengthA -= winsA;
              if (lengthA === 1) {
                copyB = true;
                break outer;
              }
              if (lengthA === 0) break outer;
            }
            work[dest++] = work[cursorB++];
            if (--lengthB === 0) break outer;
            winsB = gallopLeft(work, temp[cursorTemp], cursorB, lengthB, 0);
            if (winsB > 0) {
              copy(work, cursorB, work, dest, winsB);
              dest += winsB;
              cursorB += winsB;
              lengthB -= winsB;
              if (lengthB === 0) break outer;
            }
            work[dest++] = temp[cursorTemp++];
            if (--lengthA === 1) {
              copyB = true;
              break outer;
            }
          }
          ++minGallop;
          state.minGallop = minGallop;
        }
      }
      if (copyB) {
        copy(work, cursorB, work, dest, lengthB);
        work[dest + lengthB] = temp[cursorTemp];
      } else if (lengthA > 0) {
        copy(temp, cursorTemp, work, dest, lengthA);
      }
    }

    function mergeHigh(baseA, lengthAArg, baseB, lengthBArg) {
      let lengthA = lengthAArg;
      let lengthB = lengthBArg;
      const temp = new $Array(lengthB);
      copy(work, baseB, temp, 0, lengthB);
      let dest = baseB + lengthB - 1;
      let cursorTemp = lengthB - 1;
      let cursorA = baseA + lengthA - 1;
      work[dest--] = work[cursorA--];
      let copyA = false;
      outer: for (;;) {
        if (--lengthA === 0) break outer;
        if (lengthB === 1) {
          copyA = true;
          break outer;
        }
        let minGallop = state.minGallop;
        for (;;) {
          let winsA = 0;
          let winsB = 0;
          for (;;) {
            let order = cmp(temp[cursorTemp], work[cursorA]);
            if (typeof order !== 'number') order = toNumber(order);
            if (order < 0) {
              work[dest--] = work[cursorA--];
              ++winsA;
              --lengthA;
              winsB = 0;
              if (lengthA === 0) break outer;
              if (winsA >= minGallop) break;
            } else {
              work[dest--] = temp[cursorTemp--];
              ++winsB;
              --lengthB;
              winsA = 0;
              if (lengthB === 1) {
                copyA = true;
                break outer;
              }
              if (winsB >= minGallop) break;
            }
          }
          ++minGallop;
          let first = true;
          while (winsA >= MIN_GALLOP_WINS || winsB >= MIN_GALLOP_WINS || first) {
            first = false;
            minGallop = minGallop - 1 > 1 ? minGallop - 1 : 1;
            state.minGallop = minGallop;
            let k = gallopRight(work, temp[cursorTemp], baseA, lengthA, lengthA - 1);
            winsA = lengthA - k;
            if (winsA > 0) {
              dest -= winsA;
              cursorA -= winsA;
              copy(work, cursorA + 1, work, dest + 1, winsA);
              lengthA -= winsA;
              if (lengthA === 0) break outer;
            }
            work[dest--] = temp[cursorTemp--];
            if (--lengthB === 1) {
              copyA = true;
              break outer;
            }
            k = gallopLeft(temp, work[cursorA], 0, lengthB, lengthB - 1);
            winsB = lengthB - k;
            if (winsB > 0) {
              dest -= winsB;
              cursorTemp -= winsB;
              copy(temp, cursorTemp + 1, work, dest + 1, winsB);
              lengthB -= winsB;
              if (lengthB === 1) {
                copyA = true;
                break outer;
              }
              if (lengthB === 0) break outer;
            }
            work[dest--] = work[cursorA--];
            if (--lengthA === 0) break outer;
          }
          ++minGallop;
          state.minGallop = minGallop;
        }
      }
      if (copyA) {
        dest -= lengthA;
        cursorA -= lengthA;
        copy(work, cursorA + 1, work, dest + 1, lengthA);
        work[dest] = temp[cursorTemp];
      } else if (lengthB > 0) {
        copy(temp, 0, work, dest - (lengthB - 1), lengthB);
      }
    }

    function mergeAt(i) {
      let baseA = runBase[i];
      let lengthA = runLength[i];
      const baseB = runBase[i + 1];
      let lengthB = runLength[i + 1];
      runLength[i] = lengthA + lengthB;
      if (i === stackSize - 3) {
        runBase[i + 1] = runBase[i + 2];
        runLength[i + 1] = runLength[i + 2];
      }
      stackSize--;
      const k = gallopRight(work, work[baseB], baseA, lengthA, 0);
      baseA += k;
      lengthA -= k;
      if (lengthA === 0) return;
      lengthB = gallopLeft(work, work[baseA + lengthA - 1], baseB, lengthB, lengthB - 1);
      if (lengthB === 0) return;
      if (lengthA <= lengthB) mergeLow(baseA, lengthA, baseB, lengthB);
      else mergeHigh(baseA, lengthA, baseB, lengthB);
    }

    function invariantHolds(k) {
      if (k < 2) return true;
      return runLength[k - 2] > runLength[k - 1] + runLength[k];
    }

    function mergeCollapse() {
      while (stackSize > 1) {
        let k = stackSize - 2;
        if (!invariantHolds(k + 1) || !invariantHolds(k)) {
          if (runLength[k - 1] < runLength[k + 1]) --k;
          mergeAt(k);
        } else if (runLength[k] <= runLength[k + 1]) {
          mergeAt(k);
        } else {
          break;
        }
      }
    }

    function mergeForceCollapse() {
      while (stackSize > 1) {
        let k = stackSize - 2;
        if (k > 0 && runLength[k - 1] < runLength[k + 1]) --k;
        mergeAt(k);
      }
    }

    let minRun = n;
    let r = 0;
    while (minRun >= 64) {
      r |= minRun & 1;
      minRun >>= 1;
    }
    minRun += r;
    let remaining = n;
    let low = 0;
    while (remaining !== 0) {
      let current = countAndMakeRun(low, low + remaining);
      if (current < minRun) {
        const forced = minRun < remaining ? minRun : remaining;
        binaryInsertionSort(low, low + current, low + forced);
        current = forced;
      }
      runBase[stackSize] = low;
      runLength[stackSize] = current;
      stackSize++;
      mergeCollapse();
      low += current;
      remaining -= current;
    }
    mergeForceCollapse();
    return work;
  }
  // END timsort

  // SortIndexedProperties' sort of a list without undefineds (ECMA-262 §23.1.3.30.2).
  function sortList(items, n, comparefn) {
    return timSort(items, n, comparefn !== undefined ? comparefn : compareDefault);
  }

  // The default order: ToString of both values compared by UTF-16 code units (converted at each
  // comparison, as V8 does).
  function compareDefault(x, y) {
    const xs = toString(x);
    const ys = toString(y);
    return xs < ys ? -1 : xs > ys ? 1 : 0;
  }

  function checkComparator(comparefn) {
    if (comparefn !== undefined && typeof comparefn !== 'function') {
      throw new $TypeError('The comparison function must be either a function or undefined');
    }
  }

  // ----------------------------------------------------------------------------------- Array statics

  // Array.from (ECMA-262 §23.1.2.1).
  function from(items, mapfn, thisArg) {
    const C = this;
    const mapping = mapfn !== undefined;
    if (mapping) requireCallable(mapfn);
    if (items === undefined || items === null) {
      const what = items === null ? 'object null' : 'undefined';
      throw new $TypeError(`${what} is not iterable (cannot read property Symbol(Symbol.iterator))`);
    }
    const usingIterator = items[symIterator];
    if (usingIterator !== undefined && usingIterator !== null) {
      if (typeof usingIterator !== 'function') {
        throw new $TypeError('%Array%.from requires that the property of the first argument, items[Symbol.iterator], when exists, be a function');
      }
      const A = isConstructor(C) ? new C() : [];
      if (usingIterator === arrayValues && isArray(items) && arrayIteratorPrototype.next === arrayIteratorNext) {
        // The array iterator, unobservably: it reads the live length and each index in turn.
        let k = 0;
        for (; k < items.length; k++) {
          const v = items[k];
          createDataProperty(A, k, mapping ? (thisArg === undefined ? mapfn(v, k) : call(mapfn, thisArg, v, k)) : v);
        }
        A.length = k;
        return A;
      }
      const it = call(usingIterator, items);
      if (!isObject(it)) throw new $TypeError('Result of the Symbol.iterator method is not an object');
      const next = it.next;
      let k = 0;
      for (;;) {
        const v = I.iterNext(it, next);
        if (v === DONE) {
          A.length = k;
          return A;
        }
        try {
          if (k >= MAX_SAFE_INTEGER) throw new $TypeError('Invalid array length');
          createDataProperty(A, k, mapping ? (thisArg === undefined ? mapfn(v, k) : call(mapfn, thisArg, v, k)) : v);
        } catch (e) {
          try {
            I.iterClose(it);
          } catch (ignored) {
            // The original error wins (IteratorClose with a throw completion).
          }
          throw e;
        }
        k++;
      }
    }
    const arrayLike = I.toObject(items);
    const len = lengthOf(arrayLike);
    const A = isConstructor(C) ? new C(len) : arrayCreate(len);
    for (let k = 0; k < len; k++) {
      const v = arrayLike[k];
      createDataProperty(A, k, mapping ? (thisArg === undefined ? mapfn(v, k) : call(mapfn, thisArg, v, k)) : v);
    }
    A.length = len;
    return A;
  }

  // Array.of (ECMA-262 §23.1.2.3).
  function of(...items) {
    const len = items.length;
    const C = this;
    const A = isConstructor(C) ? new C(len) : arrayCreate(len);
    for (let k = 0; k < len; k++) createDataProperty(A, k, items[k]);
    A.length = len;
    return A;
  }

  I.defineMethod($Array, 'from', from, 1);
  I.defineMethod($Array, 'of', of, 0);

  // ----------------------------------------------------------------------------- Array.prototype
  // Methods are written as object-literal methods so they are not constructors.

  const methods = {
    // §23.1.3.1
    at(index) {
      const O = thisObject(this);
      const len = lengthOf(O);
      const rel = toInteger(index);
      const k = rel >= 0 ? rel : len + rel;
      if (k < 0 || k >= len) return undefined;
      return O[k];
    },

    // §23.1.3.2
    concat(...items) {
      const O = thisObject(this, 'concat');
      const A = arraySpeciesCreate(O, 0);
      let n = 0;
      for (let i = -1; i < items.length; i++) {
        const E = i < 0 ? O : items[i];
        let spreadable = false;
        if (isObject(E)) {
          const s = E[symIsConcatSpreadable];
          spreadable = s !== undefined ? !!s : isArray(E);
        }
        if (spreadable) {
          const len = lengthOf(E);
          checkLength(n + len);
          // Setting an array's length past 2^32 - 1 fails at the end anyway; V8 fails before copying.
          if (n + len > 4294967295 && isArray(A)) throw new $RangeError('Invalid array length');
          const present = I.plainIndexKeys(E, len);
          if (present !== undefined) {
            for (let i = 0; i < present.length; i++) createDataProperty(A, n + present[i], E[present[i]]);
            n += len;
          } else {
            for (let k = 0; k < len; k++, n++) {
              if (k in E) createDataProperty(A, n, E[k]);
            }
          }
        } else {
          checkLength(n + 1);
          createDataProperty(A, n++, E);
        }
      }
      A.length = n;
      return A;
    },

    // §23.1.3.4
    copyWithin(target, start, end) {
      const O = thisObject(this);
      const len = lengthOf(O);
      let to = relative(target, len);
      let from = relative(start, len);
      const fin = relativeEnd(end, len);
      let count = fin - from < len - to ? fin - from : len - to;
      let dir = 1;
      if (from < to && to < from + count) {
        dir = -1;
        from = from + count - 1;
        to = to + count - 1;
      }
      while (count > 0) {
        if (from in O) O[to] = O[from];
        else delete O[to];
        from += dir;
        to += dir;
        count--;
      }
      return O;
    },

    // §23.1.3.6
    every(callbackfn, thisArg) {
      const O = thisObject(this, 'every');
      const len = lengthOf(O);
      requireCallable(callbackfn);
      for (let k = 0; k < len; k++) {
        if (k in O && !(thisArg === undefined ? callbackfn(O[k], k, O) : call(callbackfn, thisArg, O[k], k, O))) return false;
      }
      return true;
    },

    // §23.1.3.7
    fill(value, start, end) {
      const O = thisObject(this);
      const len = lengthOf(O);
      let k = relative(start, len);
      const fin = relativeEnd(end, len);
      for (; k < fin; k++) O[k] = value;
      return O;
    },

    // §23.1.3.8
    filter(callbackfn, thisArg) {
      const O = thisObject(this, 'filter');
      const len = lengthOf(O);
      requireCallable(callbackfn);
      const A = arraySpeciesCreate(O, 0);
      let to = 0;
      for (let k = 0; k < len; k++) {
        if (k in O) {
          const v = O[k];
          if ((thisArg === undefined ? callbackfn(v, k, O) : call(callbackfn, thisArg, v, k, O))) createDataProperty(A, to++, v);
        }
      }
      return A;
    },

    // §23.1.3.9
    find(predicate, thisArg) {
      const O = thisObject(this, 'find');
      const len = lengthOf(O);
      requireCallable(predicate);
      for (let k = 0; k < len; k++) {
        const v = O[k];
        if ((thisArg === undefined ? predicate(v, k, O) : call(predicate, thisArg, v, k, O))) return v;
      }
      return undefined;
    },

    // §23.1.3.10
    findIndex(predicate, thisArg) {
      const O = thisObject(this, 'findIndex');
      const len = lengthOf(O);
      requireCallable(predicate);
      for (let k = 0; k < len; k++) {
        if ((thisArg === undefined ? predicate(O[k], k, O) : call(predicate, thisArg, O[k], k, O))) return k;
      }
      return -1;
    },

    // §23.1.3.11
    findLast(predicate, thisArg) {
      const O = thisObject(this, 'findLast');
      const len = lengthOf(O);
      requireCallable(predicate);
      for (let k = len - 1; k >= 0; k--) {
        const v = O[k];
        if ((thisArg === undefined ? predicate(v, k, O) : call(predicate, thisArg, v, k, O))) return v;
      }
      return undefined;
    },

    // §23.1.3.12
    findLastIndex(predicate, thisArg) {
      const O = thisObject(this, 'findLastIndex');
      const len = lengthOf(O);
      requireCallable(predicate);
      for (let k = len - 1; k >= 0; k--) {
        if ((thisArg === undefined ? predicate(O[k], k, O) : call(predicate, thisArg, O[k], k, O))) return k;
      }
      return -1;
    },

    // §23.1.3.13
    flat(depth) {
      const O = thisObject(this);
      const sourceLen = lengthOf(O);
      let d = 1;
      if (depth !== undefined) {
        d = toInteger(depth);
        if (d < 0) d = 0;
      }
      const A = arraySpeciesCreate(O, 0);
      flattenIntoArray(A, O, sourceLen, 0, d, undefined, undefined);
      return A;
    },

    // §23.1.3.14
    flatMap(mapper, thisArg) {
      const O = thisObject(this);
      const sourceLen = lengthOf(O);
      if (typeof mapper !== 'function') throw new $TypeError('flatMap mapper function is not callable');
      const A = arraySpeciesCreate(O, 0);
      flattenIntoArray(A, O, sourceLen, 0, 1, mapper, thisArg);
      return A;
    },

    // §23.1.3.15
    forEach(callbackfn, thisArg) {
      const O = thisObject(this, 'forEach');
      const len = lengthOf(O);
      requireCallable(callbackfn);
      for (let k = 0; k < len; k++) {
        if (k in O) (thisArg === undefined ? callbackfn(O[k], k, O) : call(callbackfn, thisArg, O[k], k, O));
      }
      return undefined;
    },

    // §23.1.3.16
    includes(searchElement, fromIndex) {
      const O = thisObject(this);
      const len = lengthOf(O);
      if (len === 0) return false;
      let n = toInteger(fromIndex);
      if (n === Infinity) return false;
      if (n === -Infinity) n = 0;
      let k = n >= 0 ? n : (len + n < 0 ? 0 : len + n);
      for (; k < len; k++) {
        if (sameValueZero(O[k], searchElement)) return true;
      }
      return false;
    },

    // §23.1.3.17
    indexOf(searchElement, fromIndex) {
      const O = thisObject(this, 'indexOf');
      const len = lengthOf(O);
      if (len === 0) return -1;
      let n = toInteger(fromIndex);
      if (n === Infinity) return -1;
      if (n === -Infinity) n = 0;
      let k = n >= 0 ? n : (len + n < 0 ? 0 : len + n);
      for (; k < len; k++) {
        if (k in O && O[k] === searchElement) return k;
      }
      return -1;
    },

    // §23.1.3.18 (cyclic references print as "", as in V8)
    join(separator) {
      const O = thisObject(this);
      const len = lengthOf(O);
      const sep = separator === undefined ? ',' : toString(separator);
      for (let i = 0; i < joinStack.length; i++) if (joinStack[i] === O) return '';
      joinStack[joinStack.length] = O;
      try {
        let R = '';
        for (let k = 0; k < len; k++) {
          if (k > 0) R += sep;
          const element = O[k];
          if (element !== undefined && element !== null) R += toString(element);
        }
        return R;
      } finally {
        joinStack.length = joinStack.length - 1;
      }
    },

    // §23.1.3.20
    lastIndexOf(searchElement, ...rest) {
      const O = thisObject(this);
      const len = lengthOf(O);
      if (len === 0) return -1;
      const n = rest.length > 0 ? toInteger(rest[0]) : len - 1;
      if (n === -Infinity) return -1;
      let k = n >= 0 ? (n < len - 1 ? n : len - 1) : len + n;
      for (; k >= 0; k--) {
        if (k in O && O[k] === searchElement) return k;
      }
      return -1;
    },

    // §23.1.3.21
    map(callbackfn, thisArg) {
      const O = thisObject(this, 'map');
      const len = lengthOf(O);
      requireCallable(callbackfn);
      const A = arraySpeciesCreate(O, len);
      for (let k = 0; k < len; k++) {
        if (k in O) createDataProperty(A, k, (thisArg === undefined ? callbackfn(O[k], k, O) : call(callbackfn, thisArg, O[k], k, O)));
      }
      return A;
    },

    // §23.1.3.22
    pop() {
      const O = thisObject(this);
      const len = lengthOf(O);
      if (len === 0) {
        O.length = 0;
        return undefined;
      }
      const index = len - 1;
      const element = O[index];
      delete O[index];
      O.length = index;
      return element;
    },

    // §23.1.3.23
    push(...items) {
      const O = thisObject(this);
      let len = lengthOf(O);
      const argCount = items.length;
      if (len + argCount > MAX_SAFE_INTEGER) {
        throw new $TypeError(`Pushing ${argCount} elements on an array-like of length ${len} is disallowed, as the total surpasses 2**53-1`);
      }
      for (let i = 0; i < argCount; i++) O[len++] = items[i];
      O.length = len;
      return len;
    },

    // §23.1.3.24
    reduce(callbackfn, ...initial) {
      const O = thisObject(this, 'reduce');
      const len = lengthOf(O);
      requireCallable(callbackfn);
      let k = 0;
      let accumulator;
      if (initial.length > 0) {
        accumulator = initial[0];
      } else {
        let present = false;
        while (!present && k < len) {
          present = k in O;
          if (present) accumulator = O[k];
          k++;
        }
        if (!present) throw new $TypeError('Reduce of empty array with no initial value');
      }
      for (; k < len; k++) {
        if (k in O) accumulator = callbackfn(accumulator, O[k], k, O);
      }
      return accumulator;
    },

    // §23.1.3.25
    reduceRight(callbackfn, ...initial) {
      const O = thisObject(this, 'reduceRight');
      const len = lengthOf(O);
      requireCallable(callbackfn);
      let k = len - 1;
      let accumulator;
      if (initial.length > 0) {
        accumulator = initial[0];
      } else {
        let present = false;
        while (!present && k >= 0) {
          present = k in O;
          if (present) accumulator = O[k];
          k--;
        }
        if (!present) throw new $TypeError('Reduce of empty array with no initial value');
      }
      for (; k >= 0; k--) {
        if (k in O) accumulator = callbackfn(accumulator, O[k], k, O);
      }
      return accumulator;
    },

    // §23.1.3.26
    reverse() {
      const O = thisObject(this);
      const len = lengthOf(O);
      const middle = (len - (len % 2)) / 2;
      for (let lower = 0; lower !== middle; lower++) {
        const upper = len - lower - 1;
        const lowerExists = lower in O;
        const lowerValue = lowerExists ? O[lower] : undefined;
        const upperExists = upper in O;
        const upperValue = upperExists ? O[upper] : undefined;
        if (lowerExists && upperExists) {
          O[lower] = upperValue;
          O[upper] = lowerValue;
        } else if (upperExists) {
          O[lower] = upperValue;
          delete O[upper];
        } else if (lowerExists) {
          delete O[lower];
          O[upper] = lowerValue;
        }
      }
      return O;
    },

    // §23.1.3.27
    shift() {
      const O = thisObject(this);
      const len = lengthOf(O);
      if (len === 0) {
        O.length = 0;
        return undefined;
      }
      const first = O[0];
      for (let k = 1; k < len; k++) {
        if (k in O) O[k - 1] = O[k];
        else delete O[k - 1];
      }
      delete O[len - 1];
      O.length = len - 1;
      return first;
    },

    // §23.1.3.28
    slice(start, end) {
      const O = thisObject(this);
      const len = lengthOf(O);
      let k = relative(start, len);
      const fin = relativeEnd(end, len);
      const count = fin - k > 0 ? fin - k : 0;
      const A = arraySpeciesCreate(O, count);
      let n = 0;
      for (; k < fin; k++, n++) {
        if (k in O) createDataProperty(A, n, O[k]);
      }
      A.length = n;
      return A;
    },

    // §23.1.3.29
    some(callbackfn, thisArg) {
      const O = thisObject(this, 'some');
      const len = lengthOf(O);
      requireCallable(callbackfn);
      for (let k = 0; k < len; k++) {
        if (k in O && (thisArg === undefined ? callbackfn(O[k], k, O) : call(callbackfn, thisArg, O[k], k, O))) return true;
      }
      return false;
    },

    // §23.1.3.30 (like V8, arrays shorter than 2 are left untouched)
    sort(comparefn) {
      checkComparator(comparefn);
      const O = thisObject(this);
      const len = lengthOf(O);
      if (len < 2) return O;
      const items = [];
      let n = 0;
      let undefinedCount = 0;
      // A sparse object whose reads run no program code: visit only the indices it has.
      const present = I.plainIndexKeys(O, len);
      if (present !== undefined) {
        for (let i = 0; i < present.length; i++) {
          const v = O[present[i]];
          if (v === undefined) undefinedCount++;
          else items[n++] = v;
        }
      } else {
        for (let k = 0; k < len; k++) {
          if (k in O) {
            const v = O[k];
            if (v === undefined) undefinedCount++;
            else items[n++] = v;
          }
        }
      }
      const sorted = sortList(items, n, comparefn);
      let k = 0;
      for (; k < n; k++) O[k] = sorted[k];
      for (; k < n + undefinedCount; k++) O[k] = undefined;
      const rest = I.plainIndexKeys(O, len);
      if (rest !== undefined) {
        for (let i = 0; i < rest.length; i++) if (rest[i] >= k) delete O[rest[i]];
      } else {
        for (; k < len; k++) delete O[k];
      }
      return O;
    },

    // §23.1.3.31
    splice(...args) {
      const O = thisObject(this);
      const len = lengthOf(O);
      const actualStart = relative(args[0], len);
      const itemCount = args.length > 2 ? args.length - 2 : 0;
      let deleteCount;
      if (args.length === 0) {
        deleteCount = 0;
      } else if (args.length === 1) {
        deleteCount = len - actualStart;
      } else {
        const dc = toInteger(args[1]);
        deleteCount = dc < 0 ? 0 : (dc < len - actualStart ? dc : len - actualStart);
      }
      checkLength(len + itemCount - deleteCount);
      if (len + itemCount - deleteCount > 4294967295 && isArray(O)) throw new $RangeError('Invalid array length');
      const A = arraySpeciesCreate(O, deleteCount);
      for (let k = 0; k < deleteCount; k++) {
        const from = actualStart + k;
        if (from in O) createDataProperty(A, k, O[from]);
      }
      A.length = deleteCount;
      if (itemCount < deleteCount) {
        for (let k = actualStart; k < len - deleteCount; k++) {
          const from = k + deleteCount;
          const to = k + itemCount;
          if (from in O) O[to] = O[from];
          else delete O[to];
        }
        for (let k = len; k > len - deleteCount + itemCount; k--) delete O[k - 1];
      } else if (itemCount > deleteCount) {
        for (let k = len - deleteCount; k > actualStart; k--) {
          const from = k + deleteCount - 1;
          const to = k + itemCount - 1;
          if (from in O) O[to] = O[from];
          else delete O[to];
        }
      }
      for (let i = 0; i < itemCount; i++) O[actualStart + i] = args[i + 2];
      O.length = len - deleteCount + itemCount;
      return A;
    },

    // §23.1.3.32 with ECMA-402 §19.5.1 (locales and options reach each element's toLocaleString; the
    // list separator is ",", cyclic references print as "")
    toLocaleString(locales = undefined, options = undefined) {
      const O = thisObject(this);
      const len = lengthOf(O);
      for (let i = 0; i < joinStack.length; i++) if (joinStack[i] === O) return '';
      joinStack[joinStack.length] = O;
      try {
        let R = '';
        for (let k = 0; k < len; k++) {
          if (k > 0) R += ',';
          const element = O[k];
          if (element !== undefined && element !== null) {
            const f = element.toLocaleString;
            requireCallable(f);
            R += toString(call(f, element, locales, options));
          }
        }
        return R;
      } finally {
        joinStack.length = joinStack.length - 1;
      }
    },

    // §23.1.3.33
    toReversed() {
      const O = thisObject(this);
      const len = lengthOf(O);
      const A = arrayCreate(len);
      for (let k = 0; k < len; k++) createDataProperty(A, k, O[len - k - 1]);
      return A;
    },

    // §23.1.3.34
    toSorted(comparefn) {
      checkComparator(comparefn);
      const O = thisObject(this);
      const len = lengthOf(O);
      const A = arrayCreate(len);
      const items = [];
      let n = 0;
      let undefinedCount = 0;
      for (let k = 0; k < len; k++) {
        const v = O[k];
        if (v === undefined) undefinedCount++;
        else items[n++] = v;
      }
      const sorted = sortList(items, n, comparefn);
      let k = 0;
      for (; k < n; k++) createDataProperty(A, k, sorted[k]);
      for (; k < len; k++) createDataProperty(A, k, undefined);
      return A;
    },

    // §23.1.3.35
    toSpliced(...args) {
      const O = thisObject(this);
      const len = lengthOf(O);
      const actualStart = relative(args[0], len);
      const insertCount = args.length > 2 ? args.length - 2 : 0;
      let skipCount;
      if (args.length === 0) {
        skipCount = 0;
      } else if (args.length === 1) {
        skipCount = len - actualStart;
      } else {
        const sc = toInteger(args[1]);
        skipCount = sc < 0 ? 0 : (sc < len - actualStart ? sc : len - actualStart);
      }
      const newLen = len + insertCount - skipCount;
      checkLength(newLen);
      const A = arrayCreate(newLen);
      let i = 0;
      let r = actualStart + skipCount;
      for (; i < actualStart; i++) createDataProperty(A, i, O[i]);
      for (let j = 2; j < args.length; j++) createDataProperty(A, i++, args[j]);
      for (; i < newLen; i++, r++) createDataProperty(A, i, O[r]);
      return A;
    },

    // §23.1.3.36
    toString() {
      const array = thisObject(this);
      const func = array.join;
      if (typeof func === 'function') return call(func, array);
      return call(objectToString, array);
    },

    // §23.1.3.37
    unshift(...items) {
      const O = thisObject(this);
      const len = lengthOf(O);
      const argCount = items.length;
      if (argCount > 0) {
        if (len + argCount > MAX_SAFE_INTEGER) throw new $TypeError('Invalid array length');
        // The final length would be rejected; V8 rejects it before moving anything.
        if (len + argCount > 4294967295 && isArray(O)) throw new $RangeError('Invalid array length');
        for (let k = len; k > 0; k--) {
          const from = k - 1;
          const to = k + argCount - 1;
          if (from in O) O[to] = O[from];
          else delete O[to];
        }
        for (let j = 0; j < argCount; j++) O[j] = items[j];
      }
      O.length = len + argCount;
      return len + argCount;
    },

    // §23.1.3.39
    with(index, value) {
      const O = thisObject(this);
      const len = lengthOf(O);
      const rel = toInteger(index);
      const actual = rel >= 0 ? rel : len + rel;
      if (actual >= len || actual < 0) throw new $RangeError(`Invalid index : ${toNumber(index)}`);
      const A = arrayCreate(len);
      for (let k = 0; k < len; k++) createDataProperty(A, k, k === actual ? value : O[k]);
      return A;
    },
  };

  // FlattenIntoArray (ECMA-262 §23.1.3.13.1); returns the next target index.
  function flattenIntoArray(target, source, sourceLen, start, depth, mapper, thisArg) {
    let targetIndex = start;
    for (let sourceIndex = 0; sourceIndex < sourceLen; sourceIndex++) {
      if (!(sourceIndex in source)) continue;
      let element = source[sourceIndex];
      if (mapper !== undefined) element = (thisArg === undefined ? mapper(element, sourceIndex, source) : call(mapper, thisArg, element, sourceIndex, source));
      if (depth > 0 && isArray(element)) {
        targetIndex = flattenIntoArray(target, element, lengthOf(element), targetIndex, depth - 1,
          undefined, undefined);
      } else {
        checkLength(targetIndex + 1);
        createDataProperty(target, targetIndex++, element);
      }
    }
    return targetIndex;
  }

  // Natives with a fast path get the method as their slow path; the others are defined here.
  const lengths = {
    at: 1, concat: 1, copyWithin: 2, every: 1, fill: 1, filter: 1, find: 1, findIndex: 1, findLast: 1,
    findLastIndex: 1, flat: 0, flatMap: 1, forEach: 1, includes: 1, indexOf: 1, join: 1, lastIndexOf: 1,
    map: 1, pop: 0, push: 1, reduce: 1, reduceRight: 1, reverse: 0, shift: 0, slice: 2, some: 1,
    sort: 1, splice: 2, toLocaleString: 0, toReversed: 0, toSorted: 1, toSpliced: 2, toString: 0,
    unshift: 1, with: 2,
  };
  const names = I.ownKeys(methods, true, false, false);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const fn = methods[name];
    const existing = I.getOwnProperty(AP, name);
    if (existing !== undefined && I.isNativeFunction(existing.value)) {
      I.defineValue(fn, 'name', name, 'c');
      setNativeFallback(existing.value, fn);
    } else {
      I.defineMethod(AP, name, fn, lengths[name]);
    }
  }
})();
