// Object and Function.prototype built-ins written in JavaScript (ECMA-262 2024 §20.1, §20.2):
// Object.defineProperties/fromEntries/groupBy, Object.prototype.toLocaleString, and the slow paths of
// the natives in vm/builtins/object.cc and function.cc — the cases where the spec runs program code
// (getters on sources or descriptors, setters on the target, objects used as property keys, a
// Symbol.toStringTag getter, array-likes read through getters).
(function () {
  'use strict';
  const I = __intrinsics__;
  const call = I.call;
  const describe = I.describe;
  const createDataProperty = I.createDataProperty;
  const isEnumerableOwn = I.isEnumerableOwn;
  const ownKeys = I.ownKeys;
  const toPropertyKey = I.toPropertyKey;
  const setNativeFallback = I.setNativeFallback;
  const DONE = I.DONE;
  const $TypeError = TypeError;
  const $RangeError = RangeError;
  const $Object = Object;
  const OP = $Object.prototype;
  const FP = Function.prototype;
  const isArray = Array.isArray;
  const nativeDefineProperty = $Object.defineProperty;
  const nativeCreate = $Object.create;
  const nativeHasOwn = $Object.hasOwn;
  const nativeGetOwnPropertyDescriptor = $Object.getOwnPropertyDescriptor;
  const nativeApply = FP.apply;
  const symToStringTag = I.symToStringTag;
  const MAX_SAFE_INTEGER = 9007199254740991;

  function isObject(v) {
    return (typeof v === 'object' && v !== null) || typeof v === 'function';
  }

  // ToPropertyKey; primitives go to the natives as they are (they convert them without program code).
  function keyOf(v) {
    return isObject(v) ? toPropertyKey(v) : v;
  }

  function requireCallable(fn) {
    if (typeof fn !== 'function') throw new $TypeError(`${describe(fn)} is not a function`);
  }

  // V8's message for Object.fromEntries/groupBy of undefined or null.
  function notIterable() {
    return new $TypeError('undefined is not iterable');
  }

  // Runs body(value) for each value of an iterable; closes the iterator if body throws.
  function iterate(iterable, body) {
    const it = I.getIterator(iterable);
    const next = it.next;
    for (;;) {
      const value = I.iterNext(it, next);
      if (value === DONE) return;
      try {
        body(value);
      } catch (e) {
        try {
          I.iterClose(it);
        } catch (ignored) {
          // IteratorClose with a throw completion: the original error wins.
        }
        throw e;
      }
    }
  }

  // EnumerableOwnProperties (ECMA-262 §7.3.23): kind 1 values, 2 entries; getters run in key order and
  // may delete or hide later keys, which are then skipped.
  function enumerableOwn(O, kind) {
    const obj = I.toObject(O);
    const keys = ownKeys(obj, true, false, false);
    const out = [];
    let n = 0;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      if (isEnumerableOwn(obj, k)) {
        const v = obj[k];
        createDataProperty(out, n++, kind === 1 ? v : [k, v]);
      }
    }
    return out;
  }

  // Object.assign from sources[si], key index ki on (the native copied everything before).
  function assignResume(to, sources, si, ki) {
    for (; si < sources.length; si++, ki = 0) {
      const src = sources[si];
      if (src === undefined || src === null) continue;
      const from = I.toObject(src);
      const keys = ownKeys(from, true, true, false);
      for (; ki < keys.length; ki++) {
        const k = keys[ki];
        if (isEnumerableOwn(from, k)) to[k] = from[k];
      }
    }
    return to;
  }

  // ToPropertyDescriptor (ECMA-262 §6.2.6.5) into a plain null-prototype record the native accepts.
  function toPropertyDescriptor(Obj) {
    if (!isObject(Obj)) throw new $TypeError(`Property description must be an object: ${describe(Obj)}`);
    const d = nativeCreate(null);
    if ('enumerable' in Obj) d.enumerable = !!Obj.enumerable;
    if ('configurable' in Obj) d.configurable = !!Obj.configurable;
    if ('value' in Obj) d.value = Obj.value;
    if ('writable' in Obj) d.writable = !!Obj.writable;
    if ('get' in Obj) {
      const getter = Obj.get;
      if (getter !== undefined && typeof getter !== 'function') {
        throw new $TypeError(`Getter must be a function: ${describe(getter)}`);
      }
      d.get = getter;
    }
    if ('set' in Obj) {
      const setter = Obj.set;
      if (setter !== undefined && typeof setter !== 'function') {
        throw new $TypeError(`Setter must be a function: ${describe(setter)}`);
      }
      d.set = setter;
    }
    if (('get' in d || 'set' in d) && ('value' in d || 'writable' in d)) {
      throw new $TypeError(`Invalid property descriptor. Cannot both specify accessors and a value or writable attribute, ${describe(Obj)}`);
    }
    return d;
  }

  function defineOwn(O, key, desc) {
    // ArraySetLength (ECMA-262 §10.4.2.4) converts the value twice: ToUint32 and ToNumber.
    if (isArray(O) && key === 'length' && 'value' in desc && isObject(desc.value)) {
      const v = desc.value;
      const newLen = v >>> 0;
      const numberLen = +v;
      if (newLen !== numberLen) throw new $RangeError('Invalid array length');
      desc.value = numberLen;
    }
    return nativeDefineProperty(O, key, desc);
  }

  // Object.defineProperties (ECMA-262 §20.1.2.3.1 ObjectDefineProperties).
  function defineProperties(O, Properties) {
    if (!isObject(O)) throw new $TypeError('Object.defineProperties called on non-object');
    const props = I.toObject(Properties);
    const keys = ownKeys(props, true, true, false);
    const descriptors = [];
    let n = 0;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      if (isEnumerableOwn(props, k)) {
        const desc = toPropertyDescriptor(props[k]);
        descriptors[n++] = k;
        descriptors[n++] = desc;
      }
    }
    for (let i = 0; i < n; i += 2) defineOwn(O, descriptors[i], descriptors[i + 1]);
    return O;
  }

  const objectStatics = {
    // §20.1.2.3
    defineProperties(O, Properties) {
      return defineProperties(O, Properties);
    },

    // §20.1.2.7
    fromEntries(iterable) {
      if (iterable === undefined || iterable === null) throw notIterable(iterable);
      const obj = {};
      iterate(iterable, (entry) => {
        if (!isObject(entry)) throw new $TypeError(`Iterator value ${describe(entry)} is not an entry object`);
        const k = entry[0];
        const v = entry[1];
        createDataProperty(obj, keyOf(k), v);
      });
      return obj;
    },

    // §20.1.2.13 (GroupBy §7.3.35 with property keys)
    groupBy(items, callbackfn) {
      if (items === undefined || items === null) throw notIterable(items);
      requireCallable(callbackfn);
      const obj = nativeCreate(null);
      const counter = { k: 0 };
      iterate(items, (value) => {
        if (counter.k >= MAX_SAFE_INTEGER) throw new $TypeError('Too many elements to group');
        const key = keyOf(call(callbackfn, undefined, value, counter.k));
        counter.k++;
        if (nativeHasOwn(obj, key)) {
          const group = obj[key];
          createDataProperty(group, group.length, value);
        } else {
          createDataProperty(obj, key, [value]);
        }
      });
      return obj;
    },
  };

  const objectProtoMethods = {
    // §20.1.3.5
    toLocaleString() {
      if (this === undefined || this === null) {
        throw new $TypeError('Object.prototype.toLocaleString called on null or undefined');
      }
      const f = this.toString;
      requireCallable(f);
      return call(f, this);
    },
  };

  const slowPaths = {
    values(O) {
      return enumerableOwn(O, 1);
    },
    entries(O) {
      return enumerableOwn(O, 2);
    },
    assign: assignResume,
    defineProperty(O, P, Attributes) {
      if (!isObject(O)) throw new $TypeError('Object.defineProperty called on non-object');
      const key = keyOf(P);
      return defineOwn(O, key, toPropertyDescriptor(Attributes));
    },
    create(O, Properties) {
      const obj = nativeCreate(O);
      return defineProperties(obj, Properties);
    },
    hasOwn(O, P) {
      const obj = I.toObject(O);
      return nativeHasOwn(obj, keyOf(P));
    },
    getOwnPropertyDescriptor(O, P) {
      const obj = I.toObject(O);
      return nativeGetOwnPropertyDescriptor(obj, keyOf(P));
    },
    hasOwnProperty(V) {
      const key = keyOf(V);
      return nativeHasOwn(I.toObject(this), key);
    },
    propertyIsEnumerable(V) {
      const key = keyOf(V);
      return isEnumerableOwn(I.toObject(this), key);
    },
    // Object.prototype.toString when @@toStringTag is behind a getter.
    toString() {
      const O = I.toObject(this);
      const builtinTag = I.builtinTag(this);
      const tag = O[symToStringTag];
      return `[object ${typeof tag === 'string' ? tag : builtinTag}]`;
    },
    // Function.prototype.apply with an array-like read through getters.
    apply(thisArg, argArray) {
      const func = this;
      requireCallable(func);
      if (argArray === undefined || argArray === null) return call(func, thisArg);
      if (!isObject(argArray)) throw new $TypeError('CreateListFromArrayLike called on non-object');
      const lenValue = argArray.length;
      const len = I.toLength(typeof lenValue === 'number' ? lenValue : +lenValue);
      if (len > 65535) throw new $RangeError('Maximum call stack size exceeded');
      const list = [];
      for (let i = 0; i < len; i++) createDataProperty(list, i, argArray[i]);
      return call(nativeApply, func, thisArg, list);
    },
    // Function.prototype.bind when the target's length or name is an accessor.
    bind(thisArg, ...args) {
      const Target = this;
      if (typeof Target !== 'function') throw new $TypeError('Bind must be called on a function');
      let L = 0;
      if (nativeHasOwn(Target, 'length')) {
        const targetLen = Target.length;
        if (typeof targetLen === 'number') {
          if (targetLen === Infinity) {
            L = Infinity;
          } else if (targetLen !== -Infinity) {
            const t = I.toIntegerOrInfinity(targetLen);
            L = t - args.length > 0 ? t - args.length : 0;
          }
        }
      }
      let name = Target.name;
      if (typeof name !== 'string') name = '';
      return I.makeBound(Target, thisArg, args, `bound ${name}`, L);
    },
    // Function.prototype[@@hasInstance] when `prototype` is behind a getter.
    hasInstance(V) {
      const F = this;
      if (typeof F !== 'function' || !isObject(V)) return false;
      const P = F.prototype;
      if (!isObject(P)) throw new $TypeError(`Function has non-object prototype '${describe(P)}' in instanceof check`);
      let o = I.getPrototypeOf(V);
      while (o !== null) {
        if (o === P) return true;
        o = I.getPrototypeOf(o);
      }
      return false;
    },
  };

  // Shared with Reflect.defineProperty (45-reflect.js).
  I.toPropertyDescriptor = toPropertyDescriptor;
  I.defineMethod($Object, 'defineProperties', objectStatics.defineProperties, 2);
  I.defineMethod($Object, 'fromEntries', objectStatics.fromEntries, 1);
  I.defineMethod($Object, 'groupBy', objectStatics.groupBy, 2);
  I.defineMethod(OP, 'toLocaleString', objectProtoMethods.toLocaleString, 0);

  // Annex B accessor helpers with an object key: convert it, then ask the native again.
  for (const legacy of ['__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']) {
    const native = OP[legacy];
    setNativeFallback(native, function (P, fn) {
      return call(native, this, keyOf(P), fn);
    });
  }
  setNativeFallback($Object.values, slowPaths.values);
  setNativeFallback($Object.entries, slowPaths.entries);
  setNativeFallback($Object.assign, slowPaths.assign);
  setNativeFallback($Object.defineProperty, slowPaths.defineProperty);
  setNativeFallback($Object.create, slowPaths.create);
  setNativeFallback($Object.hasOwn, slowPaths.hasOwn);
  setNativeFallback($Object.getOwnPropertyDescriptor, slowPaths.getOwnPropertyDescriptor);
  setNativeFallback(OP.hasOwnProperty, slowPaths.hasOwnProperty);
  setNativeFallback(OP.propertyIsEnumerable, slowPaths.propertyIsEnumerable);
  setNativeFallback(OP.toString, slowPaths.toString);
  setNativeFallback(FP.apply, slowPaths.apply);
  setNativeFallback(FP.bind, slowPaths.bind);
  setNativeFallback(FP[I.symHasInstance], slowPaths.hasInstance);
})();
