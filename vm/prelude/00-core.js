// The self-hosted core (DESIGN §3.1): the helpers that opcode slow paths call when an operation needs
// program code (ToPrimitive, iterators, getters), and Promise. Runs once per process while the realm is
// built; `__intrinsics__` is removed afterwards. Rules: never assign a captured variable after this
// script finishes (the realm is shared and frozen); use `call` rather than fn.call (programs may replace it).
const I = __intrinsics__;
const call = I.call;
const apply = I.apply;
const isCallable = I.isCallable;
const DONE = I.DONE;
const SymbolIterator = I.symIterator;
const SymbolToPrimitive = I.symToPrimitive;
const SymbolHasInstance = I.symHasInstance;
const typeError = I.typeError;

function isObject(v) {
  return (typeof v === 'object' && v !== null) || typeof v === 'function';
}

// ECMA-262 §7.1.1 ToPrimitive.
function toPrimitive(input, hint) {
  if (!isObject(input)) return input;
  const exotic = input[SymbolToPrimitive];
  if (exotic !== undefined && exotic !== null) {
    if (!isCallable(exotic)) throw typeError('Symbol.toPrimitive is not a function');
    const r = call(exotic, input, hint === undefined ? 'default' : hint);
    if (!isObject(r)) return r;
    throw typeError('Cannot convert object to primitive value');
  }
  if (hint === undefined && I.isDate(input)) hint = 'string';
  const first = hint === 'string' ? 'toString' : 'valueOf';
  const second = hint === 'string' ? 'valueOf' : 'toString';
  let m = input[first];
  if (isCallable(m)) {
    const r = call(m, input);
    if (!isObject(r)) return r;
  }
  m = input[second];
  if (isCallable(m)) {
    const r = call(m, input);
    if (!isObject(r)) return r;
  }
  throw typeError('Cannot convert object to primitive value');
}

function toNumeric(v) {
  return isObject(v) ? toPrimitive(v, 'number') : v;
}

function toPropertyKey(v) {
  const p = toPrimitive(v, 'string');
  return typeof p === 'symbol' ? p : `${p}`;
}

function ordinaryHasInstance(C, O) {
  if (!isCallable(C)) return false;
  const target = I.boundTarget(C);
  if (target !== undefined) return O instanceof target;
  if (!isObject(O)) return false;
  const P = C.prototype;
  if (!isObject(P)) throw typeError('Function has non-object prototype in instanceof check');
  let o = I.getPrototypeOf(O);
  while (o !== null) {
    if (o === P) return true;
    o = I.getPrototypeOf(o);
  }
  return false;
}

// Every operator whose operands need program code lands here with its opcode name.
function binaryOp(op, a, b, c) {
  switch (op) {
    case 'ADD': {
      const x = toPrimitive(a), y = toPrimitive(b);
      if (typeof x === 'string' || typeof y === 'string') return `${x}${y}`;
      return x + y;
    }
    case 'SUB': return toNumeric(a) - toNumeric(b);
    case 'MUL': return toNumeric(a) * toNumeric(b);
    case 'DIV': return toNumeric(a) / toNumeric(b);
    case 'MOD': return toNumeric(a) % toNumeric(b);
    case 'POW': return toNumeric(a) ** toNumeric(b);
    case 'BAND': return toNumeric(a) & toNumeric(b);
    case 'BOR': return toNumeric(a) | toNumeric(b);
    case 'BXOR': return toNumeric(a) ^ toNumeric(b);
    case 'SHL': return toNumeric(a) << toNumeric(b);
    case 'SHR': return toNumeric(a) >> toNumeric(b);
    case 'USHR': return toNumeric(a) >>> toNumeric(b);
    case 'LT': { const x = toPrimitive(a, 'number'), y = toPrimitive(b, 'number'); return x < y; }
    case 'LE': { const x = toPrimitive(a, 'number'), y = toPrimitive(b, 'number'); return x <= y; }
    case 'GT': { const x = toPrimitive(a, 'number'), y = toPrimitive(b, 'number'); return x > y; }
    case 'GE': { const x = toPrimitive(a, 'number'), y = toPrimitive(b, 'number'); return x >= y; }
    case 'EQ': return looseEquals(a, b);
    case 'NE': return !looseEquals(a, b);
    case 'NEG': return -toNumeric(a);
    case 'TONUMBER': return +toNumeric(a);
    case 'TONUMERIC': return toNumeric(a);
    case 'INC': { let x = toNumeric(a); return ++x; }
    case 'DEC': { let x = toNumeric(a); return --x; }
    case 'BNOT': return ~toNumeric(a);
    case 'INSTANCEOF': {
      if (!isObject(b)) throw typeError("Right-hand side of 'instanceof' is not an object");
      const h = b[SymbolHasInstance];
      if (h !== undefined && h !== null) {
        if (!isCallable(h)) throw typeError('Symbol.hasInstance is not a function');
        return !!call(h, b, a);
      }
      if (!isCallable(b)) throw typeError("Right-hand side of 'instanceof' is not callable");
      return ordinaryHasInstance(b, a);
    }
    case 'IN': return toPropertyKey(a) in b;
    case 'GETINDEX': return a[toPropertyKey(b)];
    case 'SETINDEX': {
      const k = toPropertyKey(b);
      // A typed array element: ToNumber, or ToBigInt for BigInt64/BigUint64 (kinds 10, 11) — valueOf
      // may run — before the store (§10.4.5.5); the store converts the primitive.
      if (isObject(c) && I.isTypedNumericKey(a, k)) {
        const p = toPrimitive(c, 'number');
        a[k] = I.typedKind(a) >= 10 ? p : +p;
        return c;
      }
      a[k] = c;
      return c;
    }
    case 'DELINDEX': return delete a[toPropertyKey(b)];
  }
  throw typeError('internal error: unknown operator ' + op);
}

// ECMA-262 §7.2.14 IsLooselyEqual, reached when at least one side is an object.
function looseEquals(a, b) {
  const ao = isObject(a), bo = isObject(b);
  if (ao && bo) return a === b;
  if (a === null || a === undefined) return b === null || b === undefined;
  if (b === null || b === undefined) return false;
  if (ao) return toPrimitive(a) == b;
  return a == toPrimitive(b);
}

function toStringSlow(v) {
  const p = toPrimitive(v, 'string');
  if (typeof p === 'symbol') throw typeError('Cannot convert a Symbol value to a string');
  return `${p}`;
}

// Iterator protocol (ECMA-262 §7.4).
// GetIterator (ECMA-262 §7.4.3) with V8's runtime wording ("number 5 is not iterable (cannot read
// property Symbol(Symbol.iterator))"); program code names the value instead (VM::NotIterableMessage).
function getIterator(v) {
  const m = v === undefined || v === null ? undefined : v[SymbolIterator];
  if (!isCallable(m)) {
    throw typeError(`${I.errDescribeType(v)} is not iterable (cannot read property Symbol(Symbol.iterator))`);
  }
  const it = call(m, v);
  if (!isObject(it)) throw typeError('Result of the Symbol.iterator method is not an object');
  return it;
}

function iterNext(it, next) {
  if (next === undefined || I.isEmpty(next)) next = it.next;
  const r = call(next, it);
  if (!isObject(r)) throw typeError(`Iterator result ${r} is not an object`);
  if (r.done) return DONE;
  return r.value;
}

function iterClose(it) {
  const ret = it.return;
  if (ret === undefined || ret === null) return;
  const r = call(ret, it);
  if (!isObject(r)) throw typeError('iterator.return() did not return an object');
}

// One step of yield* (ECMA-262 §15.5.5 YieldExpression: yield* AssignmentExpression, sync
// generators): forwards next/return/throw (mode 0/1/2) of the received value to the inner iterator
// and returns its result object. No `return` method: the delegation ends with {value, done: true}
// (the generator then returns the value); no `throw` method: close the iterator, TypeError.
function yieldStarStep(it, next, mode, received) {
  let r;
  if (mode === 0) {
    r = call(next, it, received);
  } else if (mode === 2) {
    const t = it.throw;
    if (t === undefined || t === null) {
      iterClose(it);
      throw typeError("The iterator does not provide a 'throw' method.");
    }
    r = call(t, it, received);
  } else {
    const m = it.return;
    if (m === undefined || m === null) return { value: received, done: true };
    r = call(m, it, received);
  }
  if (!isObject(r)) throw typeError(`Iterator result ${r} is not an object`);
  return r;
}

function spreadSlow(target, iterable) {
  const it = getIterator(iterable);
  const next = it.next;
  for (;;) {
    const v = iterNext(it, next);
    if (v === DONE) return;
    I.createDataProperty(target, target.length, v);
  }
}

// Promise Resolve Functions steps 9-15 (ECMA-262 §27.2.1.3.2) for a resolution whose `then` is an
// accessor (VM::ResolvePromiseNow): the getter runs now, inside the resolve call, as in Node.js.
function resolveThenSlow(p, resolution) {
  let then;
  try {
    then = resolution.then;
  } catch (e) {
    I.settle(p, e, true);
    return;
  }
  I.resolveWithThen(p, resolution, then);
}

function copyPropsSlow(target, source, excluded) {
  if (source === null || source === undefined) return target;
  const from = I.toObject(source);
  const keys = I.ownKeys(from, true, true, false);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (excluded !== undefined && excluded.includes(k)) continue;
    const d = I.getOwnProperty(from, k);
    if (d !== undefined && d.enumerable) I.createDataProperty(target, k, from[k]);
  }
  return target;
}

// Natives that met an object where they need a primitive ask to be called again with primitives:
// spec is a string with one letter per argument: 's' ToString, 'n' ToNumber, 'p' ToPrimitive, '-' keep;
// an uppercase first letter applies to `this` as well.
function recall(fn, thisArg, args, spec) {
  const conv = (v, c) => c === 's' ? (typeof v === 'string' ? v : toStringSlow(v))
    : c === 'n' ? +toNumeric(v) : c === 'p' ? toPrimitive(v) : v;
  let t = thisArg;
  let s = spec;
  if (s.length > 0 && s[0] >= 'A' && s[0] <= 'Z') {
    t = conv(thisArg, s[0].toLowerCase());
    s = s.slice(1);
  }
  const a = [];
  for (let i = 0; i < args.length; i++) a.push(i < s.length ? conv(args[i], s[i]) : args[i]);
  return apply(fn, t, a);
}

// The Result's value with getters (DESIGN §1 normalization): copy to plain data, calling getters the
// way the code-mode rules read properties; classes the native exporter knows stay as they are.
function exportSlow(v, depth) {
  if (depth === undefined) depth = 0;
  if (!isObject(v) || isCallable(v) || depth > 40 || I.isSpecialForExport(v)) return v;
  if (I.urlHref !== undefined) {  // set by 55-url.js: a URL is its href
    const href = I.urlHref(v);
    if (href !== undefined) return href;
  }
  if (Array.isArray(v)) {
    const out = [];
    for (let i = 0; i < v.length; i++) out.push(exportSlow(v[i], depth + 1));
    return out;
  }
  const out = {};
  const keys = I.ownKeys(v, true, false, true);
  for (let i = 0; i < keys.length; i++) I.createDataProperty(out, keys[i], exportSlow(v[keys[i]], depth + 1));
  return out;
}

// A tool argument with toJSON or getters: JSON.stringify semantics, then the tool again with plain data.
// A throw there (a BigInt, a throwing toJSON) rejects the call's promise, as a host that serializes inside
// the promise's executor does.
function toolCallSlow(tool, arg) {
  let text;
  try {
    text = JSON.stringify(arg);
  } catch (e) {
    const p = I.newPromise();
    I.settle(p, e, true);
    return p;
  }
  return tool(text === undefined ? undefined : JSON.parse(text));
}

I.setHelper('ExportSlow', exportSlow);
I.setHelper('ToolCallSlow', toolCallSlow);
I.setHelper('ToPrimitive', toPrimitive);
I.setHelper('BinaryOp', binaryOp);
I.setHelper('ToStringSlow', toStringSlow);
I.setHelper('ToNumberSlow', (v) => +toNumeric(v));
I.setHelper('ToPropertyKeySlow', toPropertyKey);
I.setHelper('LooseEquals', looseEquals);
I.setHelper('InstanceOfSlow', (v, t) => binaryOp('INSTANCEOF', v, t));
I.setHelper('SpreadSlow', spreadSlow);
I.setHelper('ResolveThenSlow', resolveThenSlow);
I.setHelper('CopyPropsSlow', copyPropsSlow);
I.setHelper('IterNextSlow', iterNext);
I.setHelper('IterCloseSlow', iterClose);
I.setHelper('GetIteratorSlow', getIterator);
I.setHelper('Recall', recall);
I.setHelper('YieldStarStep', yieldStarStep);

// ---------------------------------------------------------------------------------------------- Promise
// ECMA-262 §27.2. The job queue, reactions and resolving functions are native (vm.cc); the
// combinators are written here against the spec's algorithms.
const PromisePrototype = I.promisePrototype;

function Promise(executor) {
  if (new.target === undefined) throw typeError("Promise constructor cannot be invoked without 'new'");
  if (!isCallable(executor)) throw typeError(`Promise resolver ${typeof executor === 'object' ? '#<Object>' : executor} is not a function`);
  const p = I.newPromise(new.target.prototype);
  const fns = I.resolvingFunctions(p);
  try {
    executor(fns[0], fns[1]);
  } catch (e) {
    call(fns[1], undefined, e);
  }
  return p;
}
I.defineValue(Promise, 'prototype', PromisePrototype, '');
I.defineValue(PromisePrototype, 'constructor', Promise, 'wc');
I.defineValue(globalThis, 'Promise', Promise, 'wc');
I.setIntrinsic('Promise', Promise);

// NewPromiseCapability(C) (§27.2.1.5).
function newCapability(C) {
  if (C === Promise || C === undefined) {
    const p = I.newPromise(undefined);
    const fns = I.resolvingFunctions(p);
    return { promise: p, resolve: fns[0], reject: fns[1] };
  }
  if (!I.isConstructor(C)) throw typeError('Promise resolve or reject function is not callable');
  const cap = { promise: undefined, resolve: undefined, reject: undefined };
  const executor = (res, rej) => {
    if (cap.resolve !== undefined || cap.reject !== undefined) throw typeError('Promise executor has already been invoked with non-undefined arguments');
    cap.resolve = res;
    cap.reject = rej;
  };
  cap.promise = new C(executor);
  if (!isCallable(cap.resolve) || !isCallable(cap.reject)) throw typeError('Promise resolve or reject function is not callable');
  return cap;
}

function speciesConstructor(O, defaultC) {
  const C = O.constructor;
  if (C === undefined) return defaultC;
  if (!isObject(C)) throw typeError('The .constructor property is not an object');
  const S = C[I.symSpecies];
  if (S === undefined || S === null) return defaultC;
  if (I.isConstructor(S)) return S;
  throw typeError('object.constructor[Symbol.species] is not a constructor');
}

function then(onFulfilled, onRejected) {
  const p = this;
  if (!I.isPromise(p)) throw typeError('Method Promise.prototype.then called on incompatible receiver');
  const C = speciesConstructor(p, Promise);
  if (C === Promise) {
    const derived = I.newPromise(undefined);
    I.promiseThen(p, onFulfilled, onRejected, derived);
    return derived;
  }
  const cap = newCapability(C);
  I.promiseThen(p, (v) => { call(cap.resolve, undefined, isCallable(onFulfilled) ? onFulfilled(v) : v); },
    (e) => { if (isCallable(onRejected)) call(cap.resolve, undefined, onRejected(e)); else call(cap.reject, undefined, e); },
    undefined);
  return cap.promise;
}
I.defineMethod(PromisePrototype, 'then', then, 2);

I.defineMethod(PromisePrototype, 'catch', function (onRejected) {
  return this.then(undefined, onRejected);
}, 1);

I.defineMethod(PromisePrototype, 'finally', function (onFinally) {
  const p = this;
  if (!isObject(p)) throw typeError('Method Promise.prototype.finally called on incompatible receiver');
  const C = speciesConstructor(p, Promise);
  if (!isCallable(onFinally)) return p.then(onFinally, onFinally);
  const thenFinally = (value) => {
    const result = onFinally();
    return promiseResolve(C, result).then(() => value);
  };
  const catchFinally = (reason) => {
    const result = onFinally();
    return promiseResolve(C, result).then(() => { throw reason; });
  };
  return p.then(thenFinally, catchFinally);
}, 1);

// PromiseResolve(C, x) (§27.2.4.7.1).
function promiseResolve(C, x) {
  if (I.isPromise(x) && x.constructor === C) return x;
  if (C === Promise) {
    // %Promise%: the capability's resolve function would only run the resolve steps on a fresh
    // promise, so run them directly (no record, no resolving functions: awaits of
    // Promise.resolve(v) are common).
    const p = I.newPromise(undefined);
    I.settle(p, x, false);
    return p;
  }
  const cap = newCapability(C);
  call(cap.resolve, undefined, x);
  return cap.promise;
}

I.defineMethod(Promise, 'resolve', function (x) {
  if (!isObject(this)) throw typeError('PromiseResolve called on non-object');
  return promiseResolve(this, x);
}, 1);

I.defineMethod(Promise, 'reject', function (r) {
  const cap = newCapability(this);
  call(cap.reject, undefined, r);
  return cap.promise;
}, 1);

I.defineMethod(Promise, 'withResolvers', function () {
  const cap = newCapability(this);
  return { promise: cap.promise, resolve: cap.resolve, reject: cap.reject };
}, 0);

function getPromiseResolve(C) {
  const r = C.resolve;
  if (!isCallable(r)) throw typeError('Promise resolve is not a function');
  return r;
}

// The combinators iterate with the protocol and close the iterator on abrupt completion (§27.2.4.1).
function combinator(C, iterable, body) {
  const cap = newCapability(C);
  let it;
  try {
    const resolve = getPromiseResolve(C);
    it = getIterator(iterable);
    body(cap, resolve, it);
  } catch (e) {
    call(cap.reject, undefined, e);
  }
  return cap.promise;
}

I.defineMethod(Promise, 'all', function (iterable) {
  const C = this;
  return combinator(C, iterable, (cap, resolve, it) => {
    const values = [];
    const state = { remaining: 1 };
    let index = 0;
    for (;;) {
      const v = iterNext(it);
      if (v === DONE) break;
      const i = index++;
      values.push(undefined);
      state.remaining++;
      let called = false;
      const next = call(resolve, C, v);
      next.then((x) => {
        if (called) return;
        called = true;
        values[i] = x;
        if (--state.remaining === 0) call(cap.resolve, undefined, values);
      }, cap.reject);
    }
    if (--state.remaining === 0) call(cap.resolve, undefined, values);
  });
}, 1);

I.defineMethod(Promise, 'allSettled', function (iterable) {
  const C = this;
  return combinator(C, iterable, (cap, resolve, it) => {
    const values = [];
    const state = { remaining: 1 };
    let index = 0;
    for (;;) {
      const v = iterNext(it);
      if (v === DONE) break;
      const i = index++;
      values.push(undefined);
      state.remaining++;
      let called = false;
      const next = call(resolve, C, v);
      next.then((x) => {
        if (called) return;
        called = true;
        values[i] = { status: 'fulfilled', value: x };
        if (--state.remaining === 0) call(cap.resolve, undefined, values);
      }, (e) => {
        if (called) return;
        called = true;
        values[i] = { status: 'rejected', reason: e };
        if (--state.remaining === 0) call(cap.resolve, undefined, values);
      });
    }
    if (--state.remaining === 0) call(cap.resolve, undefined, values);
  });
}, 1);

I.defineMethod(Promise, 'race', function (iterable) {
  const C = this;
  return combinator(C, iterable, (cap, resolve, it) => {
    for (;;) {
      const v = iterNext(it);
      if (v === DONE) break;
      call(resolve, C, v).then(cap.resolve, cap.reject);
    }
  });
}, 1);

I.defineMethod(Promise, 'any', function (iterable) {
  const C = this;
  return combinator(C, iterable, (cap, resolve, it) => {
    const errors = [];
    const state = { remaining: 1 };
    let index = 0;
    for (;;) {
      const v = iterNext(it);
      if (v === DONE) break;
      const i = index++;
      errors.push(undefined);
      state.remaining++;
      let called = false;
      call(resolve, C, v).then(cap.resolve, (e) => {
        if (called) return;
        called = true;
        errors[i] = e;
        if (--state.remaining === 0) call(cap.reject, undefined, new AggregateError(errors, 'All promises were rejected'));
      });
    }
    if (--state.remaining === 0) call(cap.reject, undefined, new AggregateError(errors, 'All promises were rejected'));
  });
}, 1);

I.defineGetter(Promise, I.symSpecies, function () { return this; });
I.defineValue(PromisePrototype, I.symToStringTag, 'Promise', 'c');

I.defineValue(globalThis, 'queueMicrotask', function queueMicrotask(callback) {
  if (!isCallable(callback)) throw typeError(`The "callback" argument must be of type function. Received ${typeof callback}`);
  I.enqueue(callback);
}, 'wc');

// Shared with the other prelude files (each runs in its own block scope).
I.isObject = isObject;
I.toPrimitive = toPrimitive;
I.toNumeric = toNumeric;
I.toPropertyKey = toPropertyKey;
I.toStringSlow = toStringSlow;
I.getIterator = getIterator;
I.iterNext = iterNext;
I.iterClose = iterClose;
I.newCapability = newCapability;
I.promiseResolve = promiseResolve;
I.speciesConstructor = speciesConstructor;
