// Reflect (ECMA-262 2024 §28.1) over ordinary objects (there are no Proxy objects): each function is
// the object internal method it names, with a boolean instead of an exception where the method can
// refuse ([[DefineOwnProperty]], [[Delete]], [[Set]], [[SetPrototypeOf]]). Self-hosted because get/set
// run getters and setters with a receiver.
// Reflect.construct with a newTarget other than the target runs [[Construct]] with that newTarget through
// I.construct (a construct tail call), so prototypes come from newTarget.prototype (§10.1.14).
// Only values captured here at realm creation are used afterwards, never globals a program could replace.
(function (I) {
  'use strict';
  const call = I.call;
  const apply = I.apply;
  const construct = I.construct;
  const defineValue = I.defineValue;
  const defineMethod = I.defineMethod;
  const isCallable = I.isCallable;
  const isConstructor = I.isConstructor;
  const describe = I.describe;
  const toPropertyKey = I.toPropertyKey;
  const getPrototypeOf = I.getPrototypeOf;
  const $TypeError = TypeError;
  const $Object = Object;
  const nativeDefineProperty = $Object.defineProperty;
  const getOwnPropertyDescriptor = $Object.getOwnPropertyDescriptor;
  const objectSetPrototypeOf = $Object.setPrototypeOf;
  const objectIsExtensible = $Object.isExtensible;
  const objectPreventExtensions = $Object.preventExtensions;
  const objectCreate = $Object.create;
  const getOwnPropertyNames = $Object.getOwnPropertyNames;
  const getOwnPropertySymbols = $Object.getOwnPropertySymbols;

  function isObject(v) {
    return (typeof v === 'object' && v !== null) || typeof v === 'function';
  }
  function requireObject(v, name) {
    if (!isObject(v)) throw new $TypeError(`Reflect.${name} called on non-object`);
  }
  function keyOf(v) {
    return isObject(v) ? toPropertyKey(v) : typeof v === 'symbol' ? v : `${v}`;
  }

  // CreateListFromArrayLike (§7.3.18).
  function listFromArrayLike(obj) {
    if (!isObject(obj)) throw new $TypeError('CreateListFromArrayLike called on non-object');
    const len = I.toLength(obj.length);
    const list = [];
    for (let i = 0; i < len; i++) list.push(obj[i]);
    return list;
  }

  // ToPropertyDescriptor (§6.2.6.5) from 10-object.js: getters on the attributes object run there, so
  // the native define that follows runs no program code and any TypeError it throws is a refusal.
  const toDescriptor = I.toPropertyDescriptor;

  // [[DefineOwnProperty]] with a ready descriptor record: false where Object.defineProperty throws.
  function defineOwn(target, key, desc) {
    try {
      call(nativeDefineProperty, undefined, target, key, desc);
      return true;
    } catch (e) {
      if (e instanceof $TypeError) return false;
      throw e;
    }
  }

  function typeWithArticle(v) {
    const t = v === null ? 'object' : typeof v;
    return t === 'object' ? 'an object' : `a ${t}`;
  }

  const Reflect = {
    apply(target, thisArgument, argumentsList) {
      if (!isCallable(target)) {
        throw new $TypeError(`Function.prototype.apply was called on ${describe(target)}, which is ${typeWithArticle(target)} and not a function`);
      }
      return apply(target, thisArgument, listFromArrayLike(argumentsList));
    },
    construct(target, argumentsList) {
      if (!isConstructor(target)) throw new $TypeError(`${describe(target)} is not a constructor`);
      const newTarget = arguments.length > 2 ? arguments[2] : target;
      if (!isConstructor(newTarget)) throw new $TypeError(`${describe(newTarget)} is not a constructor`);
      const args = listFromArrayLike(argumentsList);
      if (newTarget !== target) return construct(target, args, newTarget);
      return new target(...args);
    },
    defineProperty(target, propertyKey, attributes) {
      requireObject(target, 'defineProperty');
      const key = keyOf(propertyKey);
      return defineOwn(target, key, toDescriptor(attributes));
    },
    deleteProperty(target, propertyKey) {
      requireObject(target, 'deleteProperty');
      const key = keyOf(propertyKey);
      try {
        return delete target[key];
      } catch (e) {
        // Strict-mode delete of a non-configurable property: [[Delete]] returned false.
        if (e instanceof $TypeError) return false;
        throw e;
      }
    },
    get(target, propertyKey) {
      requireObject(target, 'get');
      const key = keyOf(propertyKey);
      if (arguments.length < 3) return target[key];
      const receiver = arguments[2];
      // OrdinaryGet (§10.1.8.1) with an explicit receiver.
      for (let o = target; o !== null; o = getPrototypeOf(o)) {
        const d = getOwnPropertyDescriptor(o, key);
        if (d === undefined) continue;
        if ('value' in d) return d.value;
        return d.get === undefined ? undefined : call(d.get, receiver);
      }
      return undefined;
    },
    getOwnPropertyDescriptor(target, propertyKey) {
      requireObject(target, 'getOwnPropertyDescriptor');
      return getOwnPropertyDescriptor(target, keyOf(propertyKey));
    },
    getPrototypeOf(target) {
      requireObject(target, 'getPrototypeOf');
      return getPrototypeOf(target);
    },
    has(target, propertyKey) {
      requireObject(target, 'has');
      return keyOf(propertyKey) in target;
    },
    isExtensible(target) {
      requireObject(target, 'isExtensible');
      return objectIsExtensible(target);
    },
    ownKeys(target) {
      requireObject(target, 'ownKeys');
      const names = getOwnPropertyNames(target);
      const symbols = getOwnPropertySymbols(target);
      for (let i = 0; i < symbols.length; i++) names.push(symbols[i]);
      return names;
    },
    preventExtensions(target) {
      requireObject(target, 'preventExtensions');
      objectPreventExtensions(target);
      return true;
    },
    set(target, propertyKey, V) {
      requireObject(target, 'set');
      const key = keyOf(propertyKey);
      const receiver = arguments.length > 3 ? arguments[3] : target;
      // A typed array's [[Set]] (§10.4.5.5): a numeric key on the array itself stores through
      // TypedArraySetElement (ToNumber may throw; out of range is ignored) and answers true.
      if (receiver === target && typeof key === 'string' && I.objectClass(target) === 'TypedArray' &&
          (key === '-0' || `${+key}` === key)) {
        target[key] = V;
        return true;
      }
      // OrdinarySet / OrdinarySetWithOwnDescriptor (§10.1.9.2).
      let ownDesc;
      for (let o = target; o !== null; o = getPrototypeOf(o)) {
        ownDesc = getOwnPropertyDescriptor(o, key);
        if (ownDesc !== undefined) break;
      }
      if (ownDesc === undefined) ownDesc = { value: undefined, writable: true, enumerable: true, configurable: true };
      if ('value' in ownDesc) {
        if (!ownDesc.writable) return false;
        if (!isObject(receiver)) return false;
        const existing = getOwnPropertyDescriptor(receiver, key);
        if (existing !== undefined) {
          if (!('value' in existing)) return false;
          if (!existing.writable) return false;
          const d = objectCreate(null);
          d.value = V;
          return defineOwn(receiver, key, d);
        }
        const d = objectCreate(null);
        d.value = V;
        d.writable = true;
        d.enumerable = true;
        d.configurable = true;
        return defineOwn(receiver, key, d);
      }
      if (ownDesc.set === undefined) return false;
      call(ownDesc.set, receiver, V);
      return true;
    },
    setPrototypeOf(target, proto) {
      requireObject(target, 'setPrototypeOf');
      if (!isObject(proto) && proto !== null) {
        throw new $TypeError(`Object prototype may only be an Object or null: ${describe(proto)}`);
      }
      if (getPrototypeOf(target) === proto) return true;
      try {
        objectSetPrototypeOf(target, proto);
        return true;
      } catch (e) {
        // Not extensible, or the new chain would be a cycle: [[SetPrototypeOf]] returned false.
        if (e instanceof $TypeError) return false;
        throw e;
      }
    },
  };

  const lengths = {
    apply: 3, construct: 2, defineProperty: 3, deleteProperty: 2, get: 2, getOwnPropertyDescriptor: 2,
    getPrototypeOf: 1, has: 2, isExtensible: 1, ownKeys: 1, preventExtensions: 1, set: 3, setPrototypeOf: 2,
  };
  const R = {};
  for (const name of ['defineProperty', 'deleteProperty', 'apply', 'construct', 'get', 'getOwnPropertyDescriptor',
    'getPrototypeOf', 'has', 'isExtensible', 'ownKeys', 'preventExtensions', 'set', 'setPrototypeOf']) {
    defineMethod(R, name, Reflect[name], lengths[name]);
  }
  defineValue(R, I.symToStringTag, 'Reflect', 'c');
  defineValue(globalThis, 'Reflect', R, 'wc');
})(__intrinsics__);
