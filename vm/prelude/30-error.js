// Error construction and Error.prototype.toString in JavaScript (ECMA-262 2024 §20.5): the slow paths of
// vm/builtins/error.cc for messages that need ToString of an object, accessor `cause` options, `errors`
// given as an iterable other than a plain array, and name/message getters.
// Only values captured here at realm creation are used afterwards, never globals a program could replace.
(function (I) {
  'use strict';
  const call = I.call;
  const defineValue = I.defineValue;
  const createDataProperty = I.createDataProperty;
  const restack = I.errorRestack;
  const describe = I.errDescribe;
  const describeType = I.errDescribeType;
  const symIterator = I.symIterator;
  const isCallable = I.isCallable;
  const $TypeError = TypeError;

  function isObject(v) {
    return (typeof v === 'object' && v !== null) || typeof v === 'function';
  }

  // IterableToList (§7.4.12) with V8's messages.
  function iterableToList(items) {
    const method = items === undefined || items === null ? undefined : items[symIterator];
    if (!isCallable(method)) {
      throw new $TypeError(`${describeType(items)} is not iterable (cannot read property Symbol(Symbol.iterator))`);
    }
    const iterator = call(method, items);
    if (!isObject(iterator)) throw new $TypeError('Result of the Symbol.iterator method is not an object');
    const next = iterator.next;
    const list = [];
    for (;;) {
      const r = call(next, iterator);
      if (!isObject(r)) throw new $TypeError(`Iterator result ${describe(r)} is not an object`);
      if (r.done) return list;
      createDataProperty(list, list.length, r.value);
    }
  }

  // Steps after OrdinaryCreateFromConstructor of Error / NativeError / AggregateError (§20.5.1.1,
  // §20.5.6.1.1, §20.5.7.1.1): `err` already has its prototype and a provisional stack.
  function errorInit(err, message, options, errors, aggregate) {
    if (message !== undefined) defineValue(err, 'message', `${message}`, 'wc');
    if (isObject(options) && 'cause' in options) defineValue(err, 'cause', options.cause, 'wc');
    if (aggregate) defineValue(err, 'errors', iterableToList(errors), 'wc');
    restack(err);
    return err;
  }

  // Error.prototype.toString (§20.5.3.4) for receivers with getters or object-valued name/message.
  function errorToString(O) {
    const name = O.name;
    const n = name === undefined ? 'Error' : `${name}`;
    const msg = O.message;
    const m = msg === undefined ? '' : `${msg}`;
    if (n === '') return m;
    if (m === '') return n;
    return `${n}: ${m}`;
  }

  I.errorSetup(errorInit, errorToString);
})(__intrinsics__);
