// Binary data: ArrayBuffer (ECMA-262 §25.1), %TypedArray% and the eleven element types (§23.2),
// DataView (§25.3), TextEncoder/TextDecoder (WHATWG Encoding: UTF-8, UTF-16LE, windows-1252 as Node.js
// decodes it, the other encodings through ICU converters as Node.js does). Elements live in C++ objects
// (vm/builtins/typed_array.cc: ArrayBufferObject, TypedArrayObject) and element access is native
// (vm/objects.cc integer-indexed exotic objects); everything here may call program code (callbacks,
// iterables, valueOf), which is why it is self-hosted. Resizable buffers (`maxByteLength`) stop with
// UnsupportedSyntax. BigInt64Array/BigUint64Array (kinds 10 and 11, after
// DataView's 9) have BigInt elements: stores convert with ToBigInt, and mixing them with the Number
// element types is V8's TypeError.
// Only values captured here at realm creation are used afterwards, never globals a program could replace.
(function (I) {
  'use strict';
  const call = I.call;
  const defineValue = I.defineValue;
  const defineMethod = I.defineMethod;
  const defineGetter = I.defineGetter;
  const isCallable = I.isCallable;
  const isConstructor = I.isConstructor;
  const unsupported = I.unsupported;
  const symIterator = I.symIterator;
  const symToStringTag = I.symToStringTag;
  const symSpecies = I.symSpecies;
  const bufferNew = I.bufferNew;
  const bufferByteLength = I.bufferByteLength;
  const bufferSlice = I.bufferSlice;
  const typedNew = I.typedNew;
  const typedKind = I.typedKind;
  const typedLength = I.typedLength;
  const typedByteOffset = I.typedByteOffset;
  const typedBuffer = I.typedBuffer;
  const typedSetTyped = I.typedSetTyped;
  const $TypeError = TypeError;
  const $RangeError = RangeError;
  const $Object = Object;
  const $String = String;
  const setPrototypeOf = Object.setPrototypeOf;
  const arraySort = Array.prototype.sort;
  const arrayToString = Array.prototype.toString;
  const floor = Math.floor;
  const stringSlice = String.prototype.slice;
  const toLowerCase = String.prototype.toLowerCase;
  const MAX_SAFE = 9007199254740991;
  const MAX_TYPED_LENGTH = 4294967296;  // V8's limit on 64-bit hosts (Node.js 20)

  // Indexed by I.typedKind: 9 is DataView.
  const NAMES = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
    'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'DataView', 'BigInt64Array',
    'BigUint64Array'];
  const SIZES = [1, 1, 1, 2, 2, 4, 4, 4, 8, 1, 8, 8];
  const CTORS = [];
  const PROTOS = [];
  const DATAVIEW = 9;
  const BIGINT64 = 10;
  // A typed array kind (not DataView, not -1 for "no view").
  function isTypedKind(kind) {
    return kind >= 0 && kind !== DATAVIEW;
  }
  function isBigKind(kind) {
    return kind >= BIGINT64;
  }
  function contentMismatch() {
    return new $TypeError('Cannot mix BigInt and other types, use explicit conversions');
  }
  // ToBigInt (§7.1.13) as a BigInt element store does it: BigInt.asIntN(64, v) runs exactly
  // ToPrimitive(number) + ToBigInt (a Number is a TypeError), and 64 bits are all a store keeps.
  const asIntN = BigInt.asIntN;
  function toBigInt(v) {
    return asIntN(64, v);
  }

  function isObject(v) {
    return (typeof v === 'object' && v !== null) || typeof v === 'function';
  }
  // ECMA-262 §7.1.5 ToIntegerOrInfinity (ToNumber may run valueOf; a Symbol throws).
  function toIntegerOrInf(v) {
    const n = +v;
    if (n !== n) return 0;
    if (n === Infinity || n === -Infinity) return n;
    return n < 0 ? -floor(-n) : floor(n) + 0;
  }
  // §7.1.20 ToLength.
  function toLength(v) {
    const n = toIntegerOrInf(v);
    return n <= 0 ? 0 : n > MAX_SAFE ? MAX_SAFE : n;
  }
  // A relative index argument (slice, fill, copyWithin, subarray) clamped into [0, len].
  function relIndex(v, len, dflt) {
    if (v === undefined) return dflt;
    const n = toIntegerOrInf(v);
    if (n < 0) return n === -Infinity ? 0 : (len + n < 0 ? 0 : len + n);
    return n > len ? len : n;
  }
  function protoFor(newTarget, fallback) {
    const p = newTarget.prototype;
    return isObject(p) ? p : fallback;
  }
  function notCallable(fn) {
    return new $TypeError(`${typeof fn === 'symbol' ? 'Symbol()' : typeof fn === 'object' && fn !== null ? '#<Object>' : $String(fn)} is not a function`);
  }
  function toNumber(v) {
    return +v;
  }

  // ------------------------------------------------------------------------------------ ArrayBuffer
  let ArrayBufferPrototype;
  function ArrayBuffer(length, options) {
    if (new.target === undefined) throw new $TypeError("Constructor ArrayBuffer requires 'new'");
    const n = toIntegerOrInf(length);
    if (n < 0 || n > MAX_SAFE) throw new $RangeError('Invalid array buffer length');
    if (isObject(options) && options.maxByteLength !== undefined) {
      unsupported('a resizable ArrayBuffer (the maxByteLength option)');
    }
    return bufferNew(protoFor(new.target, ArrayBufferPrototype), n);
  }
  ArrayBufferPrototype = ArrayBuffer.prototype;
  function thisBufferLength(o, method, getter) {
    const n = bufferByteLength(o);
    if (n < 0) {
      throw new $TypeError(`Method ${getter ? 'get ' : ''}ArrayBuffer.prototype.${method} called on incompatible receiver ${describe(o)}`);
    }
    return n;
  }
  function describe(o) {
    if (!isObject(o)) return typeof o === 'string' ? o : typeof o === 'symbol' ? 'Symbol()' : $String(o);
    if (typeof o === 'function') return `function ${o.name}`;
    if (I.objectClass(o) === 'Array') return '[object Array]';
    const c = o.constructor;
    return `#<${isCallable(c) && typeof c.name === 'string' && c.name !== '' ? c.name : 'Object'}>`;
  }
  defineGetter(ArrayBufferPrototype, 'byteLength', function byteLength() {
    return thisBufferLength(this, 'byteLength', true);
  });
  defineGetter(ArrayBufferPrototype, 'maxByteLength', function maxByteLength() {
    return thisBufferLength(this, 'maxByteLength', true);
  });
  defineGetter(ArrayBufferPrototype, 'resizable', function resizable() {
    thisBufferLength(this, 'resizable', true);
    return false;
  });
  defineMethod(ArrayBufferPrototype, 'slice', function slice(start, end) {
    const len = thisBufferLength(this, 'slice');
    const first = relIndex(start, len, 0);
    const final = relIndex(end, len, len);
    const C = this.constructor;
    if (C !== undefined && C !== ArrayBuffer) {
      const S = isObject(C) ? C[symSpecies] : undefined;
      if (S !== undefined && S !== null && S !== ArrayBuffer) {
        unsupported('ArrayBuffer.prototype.slice with a Symbol.species constructor');
      }
    }
    return bufferSlice(this, ArrayBufferPrototype, first, final);
  }, 2);
  defineMethod(ArrayBufferPrototype, 'resize', function resize(newLength) {
    thisBufferLength(this, 'resize');
    throw new $TypeError(`Method ArrayBuffer.prototype.resize called on incompatible receiver ${describe(this)}`);
  }, 1);
  defineValue(ArrayBufferPrototype, symToStringTag, 'ArrayBuffer', 'c');
  defineMethod(ArrayBuffer, 'isView', function isView(arg) {
    return typedKind(arg) >= 0;
  }, 1);
  defineGetter(ArrayBuffer, symSpecies, function species() { return this; });
  defineValue(ArrayBuffer, 'prototype', ArrayBufferPrototype, '');
  defineValue(ArrayBuffer, 'length', 1, 'c');
  defineValue(globalThis, 'ArrayBuffer', ArrayBuffer, 'wc');

  // ------------------------------------------------------------------------------------ %TypedArray%
  function TypedArray() {
    throw new $TypeError('Abstract class TypedArray not directly constructable');
  }
  const TypedArrayPrototype = TypedArray.prototype;

  function newTyped(kind, proto, length) {
    if (length > MAX_TYPED_LENGTH) throw new $RangeError(`Invalid typed array length: ${length}`);
    const buffer = bufferNew(ArrayBufferPrototype, length * SIZES[kind]);
    return typedNew(proto, kind, buffer, 0, length);
  }

  // §23.2.5.1 TypedArray(...args) for element type `kind`.
  function construct(kind, proto, a, b, c) {
    const size = SIZES[kind];
    if (!isObject(a)) {
      const n = toIntegerOrInf(a);
      if (n < 0 || n > MAX_SAFE) throw new $RangeError(`Invalid typed array length: ${n}`);
      return newTyped(kind, proto, n);
    }
    const srcKind = typedKind(a);
    if (isTypedKind(srcKind)) {
      if (isBigKind(srcKind) !== isBigKind(kind)) throw contentMismatch();
      const len = typedLength(a);
      const out = newTyped(kind, proto, len);
      typedSetTyped(out, 0, a, 0, len);
      return out;
    }
    const bufLen = bufferByteLength(a);
    if (bufLen >= 0) {
      const offset = toIntegerOrInf(b);
      if (offset < 0 || offset > MAX_SAFE) throw new $RangeError(`Start offset ${offset} is outside the bounds of the buffer`);
      if (offset % size !== 0) {
        throw new $RangeError(`start offset of ${NAMES[kind]} should be a multiple of ${size}`);
      }
      let length;
      if (c !== undefined) {
        length = toIntegerOrInf(c);
        if (length < 0 || length > MAX_SAFE) throw new $RangeError(`Invalid typed array length: ${length}`);
      }
      if (length === undefined) {
        if (bufLen % size !== 0) {
          throw new $RangeError(`byte length of ${NAMES[kind]} should be a multiple of ${size}`);
        }
        if (offset > bufLen) throw new $RangeError(`Start offset ${offset} is outside the bounds of the buffer`);
        return typedNew(proto, kind, a, offset, (bufLen - offset) / size);
      }
      if (offset + length * size > bufLen) throw new $RangeError(`Invalid typed array length: ${length}`);
      return typedNew(proto, kind, a, offset, length);
    }
    // An iterable or an array-like object.
    const usingIterator = a[symIterator];
    let values;
    if (usingIterator !== undefined && usingIterator !== null) {
      if (!isCallable(usingIterator)) {
        throw new $TypeError("TypedArray's constructor requires that the property of the first argument, items[Symbol.iterator], when exists, be a function");
      }
      values = [];
      const it = call(usingIterator, a);
      if (!isObject(it)) throw new $TypeError('Result of the Symbol.iterator method is not an object');
      const next = it.next;
      for (;;) {
        const r = call(next, it);
        if (!isObject(r)) throw new $TypeError(`Iterator result ${describe(r)} is not an object`);
        if (r.done) break;
        values.push(r.value);
      }
    } else {
      values = a;
    }
    const len = toLength(values.length);
    if (len > MAX_TYPED_LENGTH) throw new $RangeError(`Invalid typed array length: ${len}`);
    const out = newTyped(kind, proto, len);
    for (let k = 0; k < len; k++) out[k] = values[k];
    return out;
  }

  function thisKind(o) {
    const kind = typedKind(o);
    if (!isTypedKind(kind)) throw new $TypeError('this is not a typed array.');
    return kind;
  }
  // §23.2.4.4 ValidateTypedArray for a freshly constructed result.
  function validateNew(o, minLength) {
    const kind = typedKind(o);
    if (!isTypedKind(kind)) throw new $TypeError('this is not a typed array.');
    if (minLength !== undefined && typedLength(o) < minLength) {
      throw new $TypeError('Derived TypedArray constructor created an array which was too small');
    }
    return o;
  }
  // §23.2.4.1 TypedArraySpeciesCreate.
  function speciesCreate(exemplar, kind, args, minLength) {
    const dflt = CTORS[kind];
    let C = exemplar.constructor;
    if (C === undefined) {
      C = dflt;
    } else {
      if (!isObject(C)) throw new $TypeError('object.constructor is not an object');
      const S = C[symSpecies];
      C = S === undefined || S === null ? dflt : S;
      if (!isConstructor(C)) throw new $TypeError('object.constructor[Symbol.species] is not a constructor');
    }
    if (C === dflt) {
      if (args.length === 1) return newTyped(kind, PROTOS[kind], args[0]);
      return typedNew(PROTOS[kind], kind, args[0], args[1], args[2]);
    }
    const r = args.length === 1 ? new C(args[0]) : new C(args[0], args[1], args[2]);
    // V8 11 (Node.js 20) skips §23.2.4.1 step 4 (same content type): map/filter then fail at the first
    // store, slice when it copies.
    return validateNew(r, args.length === 1 ? minLength : undefined);
  }
  function typedCreate(C, length) {
    if (!isConstructor(C)) throw new $TypeError(`${describe(C)} is not a constructor`);
    return validateNew(new C(length), length);
  }

  // -------------------------------------------------- %TypedArray% statics (§23.2.2)
  defineMethod(TypedArray, 'from', function from(source, mapfn, thisArg) {
    const C = this;
    if (!isConstructor(C)) throw new $TypeError(`${describe(C)} is not a constructor`);
    const mapping = mapfn !== undefined;
    if (mapping && !isCallable(mapfn)) throw notCallable(mapfn);
    let values;
    const usingIterator = source === undefined || source === null ? undefined : source[symIterator];
    if (usingIterator !== undefined && usingIterator !== null) {
      if (!isCallable(usingIterator)) throw new $TypeError(`${describe(source)} is not iterable`);
      values = [];
      const it = call(usingIterator, source);
      if (!isObject(it)) throw new $TypeError('Result of the Symbol.iterator method is not an object');
      const next = it.next;
      for (;;) {
        const r = call(next, it);
        if (!isObject(r)) throw new $TypeError(`Iterator result ${describe(r)} is not an object`);
        if (r.done) break;
        values.push(r.value);
      }
    } else {
      values = I.toObject(source);
    }
    const len = toLength(values.length);
    const target = typedCreate(C, len);
    for (let k = 0; k < len; k++) {
      const v = values[k];
      target[k] = mapping ? call(mapfn, thisArg, v, k) : v;
    }
    return target;
  }, 1);
  defineMethod(TypedArray, 'of', function of(...items) {
    const C = this;
    const target = typedCreate(C, items.length);
    for (let k = 0; k < items.length; k++) target[k] = items[k];
    return target;
  }, 0);
  defineGetter(TypedArray, symSpecies, function species() { return this; });

  // -------------------------------------------------- %TypedArray%.prototype (§23.2.3)
  const P = TypedArrayPrototype;
  function getterKind(o, name) {
    const kind = typedKind(o);
    if (!isTypedKind(kind)) {
      throw new $TypeError(`Method get TypedArray.prototype.${name} called on incompatible receiver ${describe(o)}`);
    }
    return kind;
  }
  defineGetter(P, 'buffer', function buffer() {
    getterKind(this, 'buffer');
    return typedBuffer(this);
  });
  defineGetter(P, 'byteLength', function byteLength() {
    return typedLength(this) * SIZES[getterKind(this, 'byteLength')];
  });
  defineGetter(P, 'byteOffset', function byteOffset() {
    getterKind(this, 'byteOffset');
    return typedByteOffset(this);
  });
  defineGetter(P, 'length', function length() {
    getterKind(this, 'length');
    return typedLength(this);
  });
  defineGetter(P, symToStringTag, function toStringTag() {
    const kind = typedKind(this);
    return isTypedKind(kind) ? NAMES[kind] : undefined;
  });
  defineMethod(P, 'entries', I.typedEntries, 0);
  defineMethod(P, 'keys', I.typedKeys, 0);
  defineMethod(P, 'values', I.typedValues, 0);
  defineValue(P, symIterator, I.typedValues, 'wc');

  defineMethod(P, 'at', function at(index) {
    thisKind(this);
    const len = typedLength(this);
    const rel = toIntegerOrInf(index);
    const k = rel >= 0 ? rel : len + rel;
    if (k < 0 || k >= len) return undefined;
    return this[k];
  }, 1);
  defineMethod(P, 'copyWithin', function copyWithin(target, start, end) {
    thisKind(this);
    const len = typedLength(this);
    const to = relIndex(target, len, 0);
    const from = relIndex(start, len, 0);
    const final = relIndex(end, len, len);
    const count = final - from < len - to ? final - from : len - to;
    if (count > 0) I.typedCopyWithin(this, to, from, count);
    return this;
  }, 2);
  function iterate(name, o, fn, thisArg) {
    thisKind(o);
    if (!isCallable(fn)) throw notCallable(fn);
  }
  defineMethod(P, 'every', function every(fn, thisArg) {
    iterate('every', this, fn);
    const len = typedLength(this);
    for (let k = 0; k < len; k++) if (!call(fn, thisArg, this[k], k, this)) return false;
    return true;
  }, 1);
  defineMethod(P, 'some', function some(fn, thisArg) {
    iterate('some', this, fn);
    const len = typedLength(this);
    for (let k = 0; k < len; k++) if (call(fn, thisArg, this[k], k, this)) return true;
    return false;
  }, 1);
  defineMethod(P, 'fill', function fill(value, start, end) {
    const kind = thisKind(this);
    const len = typedLength(this);
    const v = isBigKind(kind) ? toBigInt(value) : toNumber(value);
    const k = relIndex(start, len, 0);
    const final = relIndex(end, len, len);
    I.typedFill(this, v, k, final);
    return this;
  }, 1);
  defineMethod(P, 'filter', function filter(fn, thisArg) {
    const kind = thisKind(this);
    if (!isCallable(fn)) throw notCallable(fn);
    const len = typedLength(this);
    const kept = [];
    for (let k = 0; k < len; k++) {
      const v = this[k];
      if (call(fn, thisArg, v, k, this)) kept.push(v);
    }
    const A = speciesCreate(this, kind, [kept.length], kept.length);
    for (let k = 0; k < kept.length; k++) A[k] = kept[k];
    return A;
  }, 1);
  defineMethod(P, 'find', function find(fn, thisArg) {
    iterate('find', this, fn);
    const len = typedLength(this);
    for (let k = 0; k < len; k++) {
      const v = this[k];
      if (call(fn, thisArg, v, k, this)) return v;
    }
    return undefined;
  }, 1);
  defineMethod(P, 'findIndex', function findIndex(fn, thisArg) {
    iterate('findIndex', this, fn);
    const len = typedLength(this);
    for (let k = 0; k < len; k++) if (call(fn, thisArg, this[k], k, this)) return k;
    return -1;
  }, 1);
  defineMethod(P, 'findLast', function findLast(fn, thisArg) {
    iterate('findLast', this, fn);
    for (let k = typedLength(this) - 1; k >= 0; k--) {
      const v = this[k];
      if (call(fn, thisArg, v, k, this)) return v;
    }
    return undefined;
  }, 1);
  defineMethod(P, 'findLastIndex', function findLastIndex(fn, thisArg) {
    iterate('findLastIndex', this, fn);
    for (let k = typedLength(this) - 1; k >= 0; k--) if (call(fn, thisArg, this[k], k, this)) return k;
    return -1;
  }, 1);
  defineMethod(P, 'forEach', function forEach(fn, thisArg) {
    iterate('forEach', this, fn);
    const len = typedLength(this);
    for (let k = 0; k < len; k++) call(fn, thisArg, this[k], k, this);
    return undefined;
  }, 1);
  defineMethod(P, 'includes', function includes(searchElement, fromIndex) {
    thisKind(this);
    const len = typedLength(this);
    if (len === 0) return false;
    let n = toIntegerOrInf(fromIndex);
    if (n === Infinity) return false;
    if (n < 0) n = len + n < 0 ? 0 : len + n;
    return I.typedIndexOf(this, searchElement, n, 2);
  }, 1);
  defineMethod(P, 'indexOf', function indexOf(searchElement, fromIndex) {
    thisKind(this);
    const len = typedLength(this);
    if (len === 0) return -1;
    let n = toIntegerOrInf(fromIndex);
    if (n === Infinity) return -1;
    if (n < 0) n = len + n < 0 ? 0 : len + n;
    return I.typedIndexOf(this, searchElement, n, 0);
  }, 1);
  defineMethod(P, 'lastIndexOf', function lastIndexOf(searchElement, fromIndex) {
    thisKind(this);
    const len = typedLength(this);
    if (len === 0) return -1;
    const n = arguments.length > 1 ? toIntegerOrInf(fromIndex) : len - 1;
    if (n === -Infinity) return -1;
    const k = n >= 0 ? (n < len - 1 ? n : len - 1) : len + n;
    if (k < 0) return -1;
    return I.typedIndexOf(this, searchElement, k, 1);
  }, 1);
  defineMethod(P, 'join', function join(separator) {
    thisKind(this);
    const sep = separator === undefined ? ',' : `${separator}`;
    return I.typedJoin(this, sep);
  }, 1);
  defineMethod(P, 'map', function map(fn, thisArg) {
    const kind = thisKind(this);
    if (!isCallable(fn)) throw notCallable(fn);
    const len = typedLength(this);
    const A = speciesCreate(this, kind, [len], len);
    for (let k = 0; k < len; k++) A[k] = call(fn, thisArg, this[k], k, this);
    return A;
  }, 1);
  defineMethod(P, 'reduce', function reduce(fn, initialValue) {
    thisKind(this);
    if (!isCallable(fn)) throw notCallable(fn);
    const len = typedLength(this);
    let k = 0;
    let acc;
    if (arguments.length > 1) {
      acc = initialValue;
    } else {
      if (len === 0) throw new $TypeError('Reduce of empty array with no initial value');
      acc = this[0];
      k = 1;
    }
    for (; k < len; k++) acc = call(fn, undefined, acc, this[k], k, this);
    return acc;
  }, 1);
  defineMethod(P, 'reduceRight', function reduceRight(fn, initialValue) {
    thisKind(this);
    if (!isCallable(fn)) throw notCallable(fn);
    const len = typedLength(this);
    let k = len - 1;
    let acc;
    if (arguments.length > 1) {
      acc = initialValue;
    } else {
      if (len === 0) throw new $TypeError('Reduce of empty array with no initial value');
      acc = this[k];
      k--;
    }
    for (; k >= 0; k--) acc = call(fn, undefined, acc, this[k], k, this);
    return acc;
  }, 1);
  defineMethod(P, 'reverse', function reverse() {
    thisKind(this);
    return I.typedReverse(this);
  }, 0);
  defineMethod(P, 'set', function set(source, offset) {
    thisKind(this);
    const targetOffset = toIntegerOrInf(offset);
    if (targetOffset < 0) throw new $RangeError('offset is out of bounds');
    const targetLength = typedLength(this);
    const srcKind = typedKind(source);
    if (isTypedKind(srcKind)) {
      if (isBigKind(srcKind) !== isBigKind(typedKind(this))) throw contentMismatch();
      const srcLength = typedLength(source);
      if (targetOffset === Infinity || srcLength + targetOffset > targetLength) {
        throw new $RangeError('offset is out of bounds');
      }
      typedSetTyped(this, targetOffset, source, 0, srcLength);
      return undefined;
    }
    const src = I.toObject(source);
    const srcLength = toLength(src.length);
    if (targetOffset === Infinity || srcLength + targetOffset > targetLength) {
      throw new $RangeError('offset is out of bounds');
    }
    for (let k = 0; k < srcLength; k++) this[targetOffset + k] = src[k];
    return undefined;
  }, 1);
  defineMethod(P, 'slice', function slice(start, end) {
    const kind = thisKind(this);
    const len = typedLength(this);
    const k = relIndex(start, len, 0);
    const final = relIndex(end, len, len);
    const count = final - k > 0 ? final - k : 0;
    const A = speciesCreate(this, kind, [count], count);
    if (count > 0 && isBigKind(typedKind(A)) !== isBigKind(kind)) throw contentMismatch();
    if (count > 0) typedSetTyped(A, 0, this, k, count);
    return A;
  }, 2);
  function sortWith(o, comparefn) {
    const len = typedLength(o);
    const values = [];
    for (let k = 0; k < len; k++) values.push(o[k]);
    call(arraySort, values, (x, y) => {
      const v = +call(comparefn, undefined, x, y);
      return v !== v ? 0 : v;
    });
    for (let k = 0; k < len; k++) o[k] = values[k];
    return o;
  }
  defineMethod(P, 'sort', function sort(comparefn) {
    if (comparefn !== undefined && !isCallable(comparefn)) {
      throw new $TypeError('The comparison function must be either a function or undefined');
    }
    thisKind(this);
    if (comparefn === undefined) return I.typedSort(this);
    return sortWith(this, comparefn);
  }, 1);
  defineMethod(P, 'subarray', function subarray(start, end) {
    const kind = thisKind(this);
    const buffer = typedBuffer(this);
    const len = typedLength(this);
    const begin = relIndex(start, len, 0);
    const final = relIndex(end, len, len);
    const newLength = final - begin > 0 ? final - begin : 0;
    const beginByteOffset = typedByteOffset(this) + begin * SIZES[kind];
    return speciesCreate(this, kind, [buffer, beginByteOffset, newLength]);
  }, 2);
  defineMethod(P, 'toLocaleString', function toLocaleString() {
    thisKind(this);
    const len = typedLength(this);
    const parts = [];
    for (let k = 0; k < len; k++) parts.push(`${this[k].toLocaleString()}`);
    return parts.join(',');
  }, 0);
  defineMethod(P, 'toReversed', function toReversed() {
    const kind = thisKind(this);
    const len = typedLength(this);
    const A = newTyped(kind, PROTOS[kind], len);
    typedSetTyped(A, 0, this, 0, len);
    return I.typedReverse(A);
  }, 0);
  defineMethod(P, 'toSorted', function toSorted(comparefn) {
    if (comparefn !== undefined && !isCallable(comparefn)) {
      throw new $TypeError('The comparison function must be either a function or undefined');
    }
    const kind = thisKind(this);
    const len = typedLength(this);
    const A = newTyped(kind, PROTOS[kind], len);
    typedSetTyped(A, 0, this, 0, len);
    if (comparefn === undefined) return I.typedSort(A);
    return sortWith(A, comparefn);
  }, 1);
  defineMethod(P, 'with', function with_(index, value) {
    const kind = thisKind(this);
    const len = typedLength(this);
    const rel = toIntegerOrInf(index);
    const actual = rel >= 0 ? rel : len + rel;
    const v = isBigKind(kind) ? toBigInt(value) : toNumber(value);
    if (!(actual >= 0 && actual < len)) throw new $RangeError('Invalid typed array index');
    const A = newTyped(kind, PROTOS[kind], len);
    typedSetTyped(A, 0, this, 0, len);
    A[actual] = v;
    return A;
  }, 2);
  defineValue(P, 'toString', arrayToString, 'wc');

  defineValue(TypedArray, 'prototype', P, '');
  defineValue(TypedArray, 'length', 0, 'c');

  // -------------------------------------------------- the nine constructors (§23.2.6-7)
  function makeConstructor(kind) {
    const name = NAMES[kind];
    const C = function (a, b, c) {
      if (new.target === undefined) throw new $TypeError(`Constructor ${name} requires 'new'`);
      return construct(kind, protoFor(new.target, PROTOS[kind]), a, b, c);
    };
    const proto = C.prototype;
    defineValue(C, 'name', name, 'c');
    defineValue(C, 'length', 3, 'c');
    setPrototypeOf(C, TypedArray);
    setPrototypeOf(proto, P);
    defineValue(C, 'prototype', proto, '');
    defineValue(C, 'BYTES_PER_ELEMENT', SIZES[kind], '');
    defineValue(proto, 'BYTES_PER_ELEMENT', SIZES[kind], '');
    CTORS[kind] = C;
    PROTOS[kind] = proto;
    defineValue(globalThis, name, C, 'wc');
  }
  for (let kind = 0; kind < NAMES.length; kind++) if (kind !== DATAVIEW) makeConstructor(kind);

  // ------------------------------------------------------------------------------------ DataView
  function DataView(buffer, byteOffset, byteLength) {
    if (new.target === undefined) throw new $TypeError("Constructor DataView requires 'new'");
    const bufLen = bufferByteLength(buffer);
    if (bufLen < 0) throw new $TypeError('First argument to DataView constructor must be an ArrayBuffer');
    const offset = toIntegerOrInf(byteOffset);
    if (offset < 0 || offset > MAX_SAFE || offset > bufLen) {
      throw new $RangeError(`Start offset ${offset} is outside the bounds of the buffer`);
    }
    let viewLength;
    if (byteLength === undefined) {
      viewLength = bufLen - offset;
    } else {
      viewLength = toIntegerOrInf(byteLength);
      if (viewLength < 0 || viewLength > MAX_SAFE || offset + viewLength > bufLen) {
        throw new $RangeError(`Invalid DataView length ${viewLength}`);
      }
    }
    return typedNew(protoFor(new.target, DataViewPrototype), DATAVIEW, buffer, offset, viewLength);
  }
  const DataViewPrototype = DataView.prototype;
  // V8 11 (Node.js 20) names the receiver "undefined" and the getters by their internal names here.
  function thisView(o, method, getter) {
    if (typedKind(o) !== DATAVIEW) {
      throw new $TypeError(`Method ${getter ? 'get ' : ''}DataView.prototype.${method} called on incompatible receiver undefined`);
    }
  }
  defineGetter(DataViewPrototype, 'buffer', function buffer() {
    thisView(this, 'buffer', true);
    return typedBuffer(this);
  });
  defineGetter(DataViewPrototype, 'byteLength', function byteLength() {
    thisView(this, 'byte_length', true);
    return typedLength(this);
  });
  defineGetter(DataViewPrototype, 'byteOffset', function byteOffset() {
    thisView(this, 'byte_offset', true);
    return typedByteOffset(this);
  });
  // §25.3.1.5 GetViewValue / §25.3.1.6 SetViewValue.
  function viewIndex(o, requestIndex, size) {
    const getIndex = toIntegerOrInf(requestIndex);
    if (getIndex < 0 || getIndex > MAX_SAFE) throw new $RangeError('Offset is outside the bounds of the DataView');
    return getIndex;
  }
  function defineViewAccessors(type, kind) {
    const size = SIZES[kind];
    defineMethod(DataViewPrototype, `get${type}`, {
      [`get${type}`](byteOffset, littleEndian) {
        thisView(this, `get${type}`);
        const index = viewIndex(this, byteOffset, size);
        const little = !!littleEndian;
        if (index + size > typedLength(this)) throw new $RangeError('Offset is outside the bounds of the DataView');
        return I.dataViewGet(this, kind, index, little);
      },
    }[`get${type}`], 1);
    defineMethod(DataViewPrototype, `set${type}`, {
      [`set${type}`](byteOffset, value, littleEndian) {
        thisView(this, `set${type}`);
        const index = viewIndex(this, byteOffset, size);
        const v = isBigKind(kind) ? toBigInt(value) : toNumber(value);
        const little = !!littleEndian;
        if (index + size > typedLength(this)) throw new $RangeError('Offset is outside the bounds of the DataView');
        I.dataViewSet(this, kind, index, v, little);
        return undefined;
      },
    }[`set${type}`], 2);
  }
  defineViewAccessors('Int8', 0);
  defineViewAccessors('Uint8', 1);
  defineViewAccessors('Int16', 3);
  defineViewAccessors('Uint16', 4);
  defineViewAccessors('Int32', 5);
  defineViewAccessors('Uint32', 6);
  defineViewAccessors('Float32', 7);
  defineViewAccessors('Float64', 8);
  defineViewAccessors('BigInt64', 10);
  defineViewAccessors('BigUint64', 11);
  defineValue(DataViewPrototype, symToStringTag, 'DataView', 'c');
  defineValue(DataView, 'prototype', DataViewPrototype, '');
  defineValue(DataView, 'length', 1, 'c');
  defineValue(globalThis, 'DataView', DataView, 'wc');

  // ------------------------------------------------------------------------------------ TextEncoder
  // WHATWG Encoding §8.2 (as Node.js 20 exposes it).
  const Uint8Prototype = PROTOS[1];
  const Uint8 = CTORS[1];
  function invalidThis(type) {
    const e = new $TypeError(`Value of "this" must be of type ${type}`);
    defineValue(e, 'code', 'ERR_INVALID_THIS', 'wc');
    return e;
  }
  function argTypeError(message) {
    const e = new $TypeError(message);
    defineValue(e, 'code', 'ERR_INVALID_ARG_TYPE', 'wc');
    return e;
  }
  function received(v) {
    if (v === undefined || v === null) return ` Received ${v}`;
    if (typeof v === 'function') return ` Received function ${v.name}`;
    if (typeof v === 'object') {
      const c = v.constructor;
      if (isCallable(c) && typeof c.name === 'string' && c.name !== '') return ` Received an instance of ${c.name}`;
      return ' Received an instance of Object';
    }
    let shown = typeof v === 'string' ? `'${v.length > 25 ? `${call(stringSlice, v, 0, 25)}...` : v}'` : $String(v);
    if (typeof v === 'symbol') shown = 'Symbol()';
    return ` Received type ${typeof v} (${shown})`;
  }
  class TextEncoder {
    #brand = true;
    static #is(o) {
      return isObject(o) && #brand in o;
    }
    get encoding() {
      if (!TextEncoder.#is(this)) throw invalidThis('TextEncoder');
      return 'utf-8';
    }
    encode(input = '') {
      if (!TextEncoder.#is(this)) throw invalidThis('TextEncoder');
      return I.utf8Encode(`${input}`, Uint8Prototype, ArrayBufferPrototype);
    }
    encodeInto(src, dest) {
      if (!TextEncoder.#is(this)) throw invalidThis('TextEncoder');
      const s = `${src}`;
      if (typedKind(dest) !== 1) {
        throw argTypeError(`The "dest" argument must be an instance of Uint8Array.${received(dest)}`);
      }
      const r = I.utf8EncodeInto(s, dest);
      return { read: r[0], written: r[1] };
    }
  }
  defineValue(TextEncoder.prototype, symToStringTag, 'TextEncoder', 'c');
  defineValue(globalThis, 'TextEncoder', TextEncoder, 'wc');

  // ------------------------------------------------------------------------------------ TextDecoder
  // Labels (WHATWG Encoding §4.2) of the encodings decoded here; every other label of the standard stops
  // with UnsupportedSyntax, and a label the standard does not know is a RangeError as in Node.js.
  const UTF8 = 0, UTF16LE = 1, WINDOWS1252 = 2;
  const LABELS = {
    'unicode-1-1-utf-8': UTF8, 'unicode11utf8': UTF8, 'unicode20utf8': UTF8, 'utf-8': UTF8, 'utf8': UTF8,
    'x-unicode20utf8': UTF8,
    'csunicode': UTF16LE, 'iso-10646-ucs-2': UTF16LE, 'ucs-2': UTF16LE, 'unicode': UTF16LE,
    'unicodefeff': UTF16LE, 'utf-16': UTF16LE, 'utf-16le': UTF16LE,
    'ansi_x3.4-1968': WINDOWS1252, 'ascii': WINDOWS1252, 'cp1252': WINDOWS1252, 'cp819': WINDOWS1252,
    'csisolatin1': WINDOWS1252, 'ibm819': WINDOWS1252, 'iso-8859-1': WINDOWS1252, 'iso-ir-100': WINDOWS1252,
    'iso8859-1': WINDOWS1252, 'iso88591': WINDOWS1252, 'iso_8859-1': WINDOWS1252,
    'iso_8859-1:1987': WINDOWS1252, 'l1': WINDOWS1252, 'latin1': WINDOWS1252, 'us-ascii': WINDOWS1252,
    'windows-1252': WINDOWS1252, 'x-cp1252': WINDOWS1252,
  };
  setPrototypeOf(LABELS, null);
  const ENCODING_NAMES = ['utf-8', 'utf-16le', 'windows-1252'];
  // The standard's other encodings, label → name (WHATWG Encoding §4.2), decoded through ICU converters as
  // Node.js does (vm/builtins/encoding.cc). Node.js's ICU has no converter for iso-8859-16,
  // x-user-defined and replacement: those labels are its RangeError here too.
  const ICU = 4;
  const ICU_LABELS = {
    '866': 'ibm866', 'cp866': 'ibm866', 'csibm866': 'ibm866', 'ibm866': 'ibm866',
    'csisolatin2': 'iso-8859-2', 'iso-8859-2': 'iso-8859-2', 'iso-ir-101': 'iso-8859-2', 'iso8859-2': 'iso-8859-2', 'iso88592': 'iso-8859-2', 'iso_8859-2': 'iso-8859-2', 'iso_8859-2:1987': 'iso-8859-2', 'l2': 'iso-8859-2', 'latin2': 'iso-8859-2',
    'csisolatin3': 'iso-8859-3', 'iso-8859-3': 'iso-8859-3', 'iso-ir-109': 'iso-8859-3', 'iso8859-3': 'iso-8859-3', 'iso88593': 'iso-8859-3', 'iso_8859-3': 'iso-8859-3', 'iso_8859-3:1988': 'iso-8859-3', 'l3': 'iso-8859-3', 'latin3': 'iso-8859-3',
    'csisolatin4': 'iso-8859-4', 'iso-8859-4': 'iso-8859-4', 'iso-ir-110': 'iso-8859-4', 'iso8859-4': 'iso-8859-4', 'iso88594': 'iso-8859-4', 'iso_8859-4': 'iso-8859-4', 'iso_8859-4:1988': 'iso-8859-4', 'l4': 'iso-8859-4', 'latin4': 'iso-8859-4',
    'csisolatincyrillic': 'iso-8859-5', 'cyrillic': 'iso-8859-5', 'iso-8859-5': 'iso-8859-5', 'iso-ir-144': 'iso-8859-5', 'iso8859-5': 'iso-8859-5', 'iso88595': 'iso-8859-5', 'iso_8859-5': 'iso-8859-5', 'iso_8859-5:1988': 'iso-8859-5',
    'arabic': 'iso-8859-6', 'asmo-708': 'iso-8859-6', 'csiso88596e': 'iso-8859-6', 'csiso88596i': 'iso-8859-6', 'csisolatinarabic': 'iso-8859-6', 'ecma-114': 'iso-8859-6', 'iso-8859-6': 'iso-8859-6', 'iso-8859-6-e': 'iso-8859-6', 'iso-8859-6-i': 'iso-8859-6', 'iso-ir-127': 'iso-8859-6', 'iso8859-6': 'iso-8859-6', 'iso88596': 'iso-8859-6', 'iso_8859-6': 'iso-8859-6', 'iso_8859-6:1987': 'iso-8859-6',
    'csisolatingreek': 'iso-8859-7', 'ecma-118': 'iso-8859-7', 'elot_928': 'iso-8859-7', 'greek': 'iso-8859-7', 'greek8': 'iso-8859-7', 'iso-8859-7': 'iso-8859-7', 'iso-ir-126': 'iso-8859-7', 'iso8859-7': 'iso-8859-7', 'iso88597': 'iso-8859-7', 'iso_8859-7': 'iso-8859-7', 'iso_8859-7:1987': 'iso-8859-7', 'sun_eu_greek': 'iso-8859-7',
    'csiso88598e': 'iso-8859-8', 'csisolatinhebrew': 'iso-8859-8', 'hebrew': 'iso-8859-8', 'iso-8859-8': 'iso-8859-8', 'iso-8859-8-e': 'iso-8859-8', 'iso-ir-138': 'iso-8859-8', 'iso8859-8': 'iso-8859-8', 'iso88598': 'iso-8859-8', 'iso_8859-8': 'iso-8859-8', 'iso_8859-8:1988': 'iso-8859-8', 'visual': 'iso-8859-8',
    'csiso88598i': 'iso-8859-8-i', 'iso-8859-8-i': 'iso-8859-8-i', 'logical': 'iso-8859-8-i',
    'csisolatin6': 'iso-8859-10', 'iso-8859-10': 'iso-8859-10', 'iso-ir-157': 'iso-8859-10', 'iso8859-10': 'iso-8859-10', 'iso885910': 'iso-8859-10', 'l6': 'iso-8859-10', 'latin6': 'iso-8859-10',
    'iso-8859-13': 'iso-8859-13', 'iso8859-13': 'iso-8859-13', 'iso885913': 'iso-8859-13',
    'iso-8859-14': 'iso-8859-14', 'iso8859-14': 'iso-8859-14', 'iso885914': 'iso-8859-14',
    'csisolatin9': 'iso-8859-15', 'iso-8859-15': 'iso-8859-15', 'iso8859-15': 'iso-8859-15', 'iso885915': 'iso-8859-15', 'iso_8859-15': 'iso-8859-15', 'l9': 'iso-8859-15',
    'iso-8859-16': 'iso-8859-16',
    'cskoi8r': 'koi8-r', 'koi': 'koi8-r', 'koi8': 'koi8-r', 'koi8-r': 'koi8-r', 'koi8_r': 'koi8-r',
    'koi8-ru': 'koi8-u', 'koi8-u': 'koi8-u',
    'csmacintosh': 'macintosh', 'mac': 'macintosh', 'macintosh': 'macintosh', 'x-mac-roman': 'macintosh',
    'dos-874': 'windows-874', 'iso-8859-11': 'windows-874', 'iso8859-11': 'windows-874', 'iso885911': 'windows-874', 'tis-620': 'windows-874', 'windows-874': 'windows-874',
    'cp1250': 'windows-1250', 'windows-1250': 'windows-1250', 'x-cp1250': 'windows-1250',
    'cp1251': 'windows-1251', 'windows-1251': 'windows-1251', 'x-cp1251': 'windows-1251',
    'cp1253': 'windows-1253', 'windows-1253': 'windows-1253', 'x-cp1253': 'windows-1253',
    'cp1254': 'windows-1254', 'csisolatin5': 'windows-1254', 'iso-8859-9': 'windows-1254', 'iso-ir-148': 'windows-1254', 'iso8859-9': 'windows-1254', 'iso88599': 'windows-1254', 'iso_8859-9': 'windows-1254', 'iso_8859-9:1989': 'windows-1254', 'l5': 'windows-1254', 'latin5': 'windows-1254', 'windows-1254': 'windows-1254', 'x-cp1254': 'windows-1254',
    'cp1255': 'windows-1255', 'windows-1255': 'windows-1255', 'x-cp1255': 'windows-1255',
    'cp1256': 'windows-1256', 'windows-1256': 'windows-1256', 'x-cp1256': 'windows-1256',
    'cp1257': 'windows-1257', 'windows-1257': 'windows-1257', 'x-cp1257': 'windows-1257',
    'cp1258': 'windows-1258', 'windows-1258': 'windows-1258', 'x-cp1258': 'windows-1258',
    'x-mac-cyrillic': 'x-mac-cyrillic', 'x-mac-ukrainian': 'x-mac-cyrillic',
    'chinese': 'gbk', 'csgb2312': 'gbk', 'csiso58gb231280': 'gbk', 'gb2312': 'gbk', 'gb_2312': 'gbk', 'gb_2312-80': 'gbk', 'gbk': 'gbk', 'iso-ir-58': 'gbk', 'x-gbk': 'gbk',
    'gb18030': 'gb18030',
    'big5': 'big5', 'big5-hkscs': 'big5', 'cn-big5': 'big5', 'csbig5': 'big5', 'x-x-big5': 'big5',
    'cseucpkdfmtjapanese': 'euc-jp', 'euc-jp': 'euc-jp', 'x-euc-jp': 'euc-jp',
    'csiso2022jp': 'iso-2022-jp', 'iso-2022-jp': 'iso-2022-jp',
    'csshiftjis': 'shift_jis', 'ms932': 'shift_jis', 'ms_kanji': 'shift_jis', 'shift-jis': 'shift_jis', 'shift_jis': 'shift_jis', 'sjis': 'shift_jis', 'windows-31j': 'shift_jis', 'x-sjis': 'shift_jis',
    'cseuckr': 'euc-kr', 'csksc56011987': 'euc-kr', 'euc-kr': 'euc-kr', 'iso-ir-149': 'euc-kr', 'korean': 'euc-kr', 'ks_c_5601-1987': 'euc-kr', 'ks_c_5601-1989': 'euc-kr', 'ksc5601': 'euc-kr', 'ksc_5601': 'euc-kr', 'windows-949': 'euc-kr',
    'csiso2022kr': 'replacement', 'hz-gb-2312': 'replacement', 'iso-2022-cn': 'replacement', 'iso-2022-cn-ext': 'replacement', 'iso-2022-kr': 'replacement', 'replacement': 'replacement',
    'unicodefffe': 'utf-16be', 'utf-16be': 'utf-16be',
    'x-user-defined': 'x-user-defined',
  };
  setPrototypeOf(ICU_LABELS, null);
  const NOT_IN_NODE = { 'iso-8859-16': true, 'x-user-defined': true, 'replacement': true };
  setPrototypeOf(NOT_IN_NODE, null);
  function trimLabel(s) {
    let a = 0, b = s.length;
    const ws = (c) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
    while (a < b && ws(s[a])) a++;
    while (b > a && ws(s[b - 1])) b--;
    return call(toLowerCase, call(stringSlice, s, a, b));
  }
  function decodeError(name) {
    const e = new $TypeError(`The encoded data was not valid for encoding ${name}`);
    defineValue(e, 'code', 'ERR_ENCODING_INVALID_ENCODED_DATA', 'wc');
    return e;
  }
  // Uint8Array view of a BufferSource argument (WebIDL), or undefined when it is not one.
  function bytesOf(input) {
    const kind = typedKind(input);
    if (kind >= 0) {
      const size = kind === DATAVIEW ? 1 : SIZES[kind];
      return typedNew(Uint8Prototype, 1, typedBuffer(input), typedByteOffset(input), typedLength(input) * size);
    }
    const n = bufferByteLength(input);
    if (n >= 0) return typedNew(Uint8Prototype, 1, input, 0, n);
    return undefined;
  }
  class TextDecoder {
    #encoding;
    #name;  // the standard's name of the encoding
    #fatal;
    #ignoreBOM;
    #pending = null;
    #bomSeen = false;
    #streamed = false;  // Node.js decodes windows-1252 by the standard's table once a call streamed
    static #is(o) {
      return isObject(o) && #encoding in o;
    }
    constructor(label = 'utf-8', options = undefined) {
      const key = trimLabel(`${label}`);
      let enc = LABELS[key];
      const icuName = ICU_LABELS[key];
      if (typeof enc !== 'number' && typeof icuName === 'string' && NOT_IN_NODE[icuName] !== true) {
        // An encoding Node.js decodes that this machine's ICU lacks stops rather than decoding otherwise.
        if (I.textDecodeIcu(new Uint8(0), icuName, false, true) === null) {
          unsupported(`TextDecoder for the '${icuName}' encoding (no ICU converter)`);
        }
        enc = ICU;
      }
      if (typeof enc !== 'number') {
        // Node.js names a known encoding it lacks by its name, anything else by the label as given.
        const e = new $RangeError(`The "${typeof icuName === 'string' ? icuName : label}" encoding is not supported`);
        defineValue(e, 'code', 'ERR_ENCODING_NOT_SUPPORTED', 'wc');
        throw e;
      }
      if (options !== undefined && options !== null && !isObject(options)) {
        throw argTypeError(`The "options" argument must be of type object.${received(options)}`);
      }
      this.#encoding = enc;
      this.#name = enc === ICU ? icuName : ENCODING_NAMES[enc];
      this.#fatal = options === undefined || options === null ? false : !!options.fatal;
      this.#ignoreBOM = options === undefined || options === null ? false : !!options.ignoreBOM;
    }
    get encoding() {
      if (!TextDecoder.#is(this)) throw invalidThis('TextDecoder');
      return this.#name;
    }
    get fatal() {
      if (!TextDecoder.#is(this)) throw invalidThis('TextDecoder');
      return this.#fatal;
    }
    get ignoreBOM() {
      if (!TextDecoder.#is(this)) throw invalidThis('TextDecoder');
      return this.#ignoreBOM;
    }
    decode(input = undefined, options = undefined) {
      if (!TextDecoder.#is(this)) throw invalidThis('TextDecoder');
      let bytes;
      if (input === undefined) {
        bytes = typedNew(Uint8Prototype, 1, bufferNew(ArrayBufferPrototype, 0), 0, 0);
      } else {
        bytes = bytesOf(input);
        if (bytes === undefined) {
          // Node.js 20's wording (its decoder reports the argument as "list").
          throw argTypeError('The "list" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.');
        }
      }
      if (options !== undefined && options !== null && !isObject(options)) {
        throw argTypeError(`The "options" argument must be of type object.${received(options)}`);
      }
      const stream = options === undefined || options === null ? false : !!options.stream;
      const enc = this.#encoding;
      if (this.#pending !== null) {
        const pending = this.#pending;
        const joined = new Uint8(pending.length + typedLength(bytes));
        typedSetTyped(joined, 0, pending, 0, pending.length);
        typedSetTyped(joined, pending.length, bytes, 0, typedLength(bytes));
        bytes = joined;
        this.#pending = null;
      }
      if (enc === ICU) return this.#decodeIcu(bytes, stream);
      const n = typedLength(bytes);
      if (stream && enc !== WINDOWS1252) {
        let keep = 0;
        if (enc === UTF8) {
          keep = I.utf8IncompleteTail(bytes);
        } else {
          keep = n % 2;
          // A final lead surrogate waits for its trail.
          if (n - keep >= 2) {
            const hi = bytes[n - keep - 1];
            if (hi >= 0xd8 && hi <= 0xdb) keep += 2;
          }
        }
        if (keep > 0) {
          this.#pending = typedNew(Uint8Prototype, 1, bufferNew(ArrayBufferPrototype, keep), 0, keep);
          typedSetTyped(this.#pending, 0, bytes, n - keep, keep);
          bytes = typedNew(Uint8Prototype, 1, typedBuffer(bytes), typedByteOffset(bytes), n - keep);
        }
      }
      if (stream) this.#streamed = true;
      const out = I.textDecode(bytes, enc === WINDOWS1252 && this.#streamed ? 3 : enc, this.#fatal);
      return this.#finish(out, stream, enc !== WINDOWS1252);
    }
    // The end of every decode call: a failed decode (undefined or null) resets the stream and throws;
    // the first text of a stream loses a BOM unless ignoreBOM (`bom`: the encoding is a Unicode one, the
    // only ones Node.js strips it for); a call that does not stream resets the stream.
    #finish(out, stream, bom) {
      if (out === undefined || out === null) {
        this.#pending = null;
        this.#bomSeen = false;
        throw decodeError(this.#name);
      }
      if (bom && !this.#bomSeen && out.length > 0) {
        this.#bomSeen = true;
        if (!this.#ignoreBOM && out[0] === '\ufeff') out = call(stringSlice, out, 1);
      }
      if (!stream) {
        this.#bomSeen = false;
        this.#pending = null;
      }
      return out;
    }
    // An ICU-decoded encoding: bytes of an unfinished character wait for the next chunk; utf-16be drops
    // a first BOM unless ignoreBOM (Node.js strips it for the Unicode encodings only).
    #decodeIcu(bytes, stream) {
      const name = this.#name;
      if (stream && name === 'iso-2022-jp') unsupported("streaming TextDecoder for the 'iso-2022-jp' encoding");
      const r = I.textDecodeIcu(bytes, name, this.#fatal, !stream);
      if (r === undefined || r === null) return this.#finish(r, stream, false);
      const keep = r[1];
      if (keep > 0) {
        const n = typedLength(bytes);
        this.#pending = typedNew(Uint8Prototype, 1, bufferNew(ArrayBufferPrototype, keep), 0, keep);
        typedSetTyped(this.#pending, 0, bytes, n - keep, keep);
      }
      return this.#finish(r[0], stream, name === 'utf-16be');
    }
  }
  defineValue(TextDecoder.prototype, symToStringTag, 'TextDecoder', 'c');
  defineValue(globalThis, 'TextDecoder', TextDecoder, 'wc');
})(__intrinsics__);
