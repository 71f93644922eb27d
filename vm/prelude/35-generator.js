// Async generators (ECMA-262 §27.6) and async iteration (for await, yield* in async generators,
// %AsyncFromSyncIteratorPrototype% §27.1.4). The generator's frame belongs to the VM (an activation
// resumed by I.genResume; it calls the AsyncGenStep helper when it yields, returns or throws); the
// request queue and its promises live here, in a state object kept in the activation.
(function (I) {
  'use strict';
  const call = I.call;
  const isCallable = I.isCallable;
  const isObject = I.isObject;
  const typeError = I.typeError;
  const DONE = I.DONE;
  const symIterator = I.symIterator;
  const symAsyncIterator = I.symAsyncIterator;
  const promiseResolve = I.promiseResolve;
  const describe = I.errDescribe;
  const notAsyncIterable = I.errNotAsyncIterable;
  const $Promise = globalThis.Promise;
  const AsyncGeneratorPrototype = I.asyncGeneratorPrototype;

  function iterResult(value, done) {
    return { value, done };
  }
  function rejected(e) {
    const p = I.newPromise(undefined);
    I.settle(p, e, true);
    return p;
  }
  function resolved(v) {
    const p = I.newPromise(undefined);
    I.settle(p, v, false);
    return p;
  }

  // ---- AsyncGenerator objects: the state is { q: requests, h: index of the front, ar: awaiting a
  // return on a completed generator }; a request is { mode: 0 next | 1 return | 2 throw, value, p }.
  function stateOf(gen) {
    let st = I.asyncGenState(gen);
    if (st === null) return null;
    if (st === undefined) {
      st = { q: [], h: 0, ar: false };
      I.setAsyncGenState(gen, st);
    }
    return st;
  }

  // AsyncGeneratorCompleteStep (§27.6.3.4): settles and removes the front request.
  function completeStep(st, value, reject) {
    if (st.h >= st.q.length) return;
    const req = st.q[st.h];
    st.q[st.h] = undefined;
    st.h++;
    if (st.h === st.q.length) {
      st.q = [];
      st.h = 0;
    }
    I.settle(req.p, value, reject);
  }

  // AsyncGeneratorResumeNext / AsyncGeneratorDrainQueue / AsyncGeneratorAwaitReturn (§27.6.3).
  function resumeNext(gen, st) {
    for (;;) {
      if (st.ar || st.h >= st.q.length) return;
      let status = I.genStatus(gen);
      if (status === 2) return;  // executing, or awaiting inside its body
      const req = st.q[st.h];
      if (status === 0 && req.mode !== 0) {
        I.genFinish(gen);
        status = 3;
      }
      if (status !== 3) {
        I.genResume(gen, req.mode, req.value);  // runs until its next await, yield or return
        return;
      }
      if (req.mode === 0) {
        completeStep(st, iterResult(undefined, true), false);
      } else if (req.mode === 2) {
        completeStep(st, req.value, true);
      } else {
        st.ar = true;
        let p;
        try {
          p = promiseResolve($Promise, req.value);
        } catch (e) {
          st.ar = false;
          completeStep(st, e, true);
          continue;
        }
        I.promiseThen(p, (v) => {
          st.ar = false;
          completeStep(st, iterResult(v, true), false);
          resumeNext(gen, st);
        }, (e) => {
          st.ar = false;
          completeStep(st, e, true);
          resumeNext(gen, st);
        }, undefined);
        return;
      }
    }
  }

  // AsyncGeneratorEnqueue (§27.6.3.3 AsyncGeneratorValidate + enqueue): the methods' common part.
  function enqueue(gen, mode, value, name) {
    const st = stateOf(gen);
    if (st === null) {
      return rejected(typeError(`Method [AsyncGenerator].prototype.${name} called on incompatible receiver ${describe(gen)}`));
    }
    const p = I.newPromise(undefined);
    I.createDataProperty(st.q, st.q.length, { mode, value, p });
    if (!st.ar && I.genStatus(gen) !== 2) resumeNext(gen, st);
    return p;
  }

  I.defineMethod(AsyncGeneratorPrototype, 'next', function next(v) { return enqueue(this, 0, v, 'next'); }, 1);
  I.defineMethod(AsyncGeneratorPrototype, 'return', function (v) { return enqueue(this, 1, v, 'return'); }, 1);
  I.defineMethod(AsyncGeneratorPrototype, 'throw', function (v) { return enqueue(this, 2, v, 'throw'); }, 1);

  // The VM: the generator stopped at a yield (kind 0), returned (1) or threw (2).
  I.setHelper('AsyncGenStep', (gen, kind, v) => {
    const st = stateOf(gen);
    if (kind === 2) {
      completeStep(st, v, true);
    } else {
      completeStep(st, iterResult(v, kind === 1), false);
    }
    resumeNext(gen, st);
  });

  // ---- %AsyncFromSyncIteratorPrototype% (§27.1.4): a sync iterator seen through the async protocol.
  const AsyncFromSyncIteratorPrototype = { __proto__: I.asyncIteratorPrototype };
  function fromSync(it) {
    const o = { __proto__: AsyncFromSyncIteratorPrototype };
    o.s = it;
    o.n = it.next;
    return o;
  }
  function closeQuietly(it) {
    try {
      I.iterClose(it);
    } catch (e) {
      // the rejection being reported wins (IteratorClose with a throw completion)
    }
  }
  // AsyncFromSyncIteratorContinuation (§27.1.4.4): waits for the value; a rejected value of an
  // iterator that is not done closes it (closeOnRejection).
  function continuation(result, it, closeOnRejection) {
    const done = !!result.done;
    const value = result.value;
    let vw;
    try {
      vw = promiseResolve($Promise, value);
    } catch (e) {
      if (!done && closeOnRejection) closeQuietly(it);
      return rejected(e);
    }
    const p = I.newPromise(undefined);
    I.promiseThen(vw, (v) => iterResult(v, done),
      !done && closeOnRejection ? (e) => { closeQuietly(it); throw e; } : undefined, p);
    return p;
  }
  I.defineMethod(AsyncFromSyncIteratorPrototype, 'next', function next(v) {
    let r;
    try {
      r = arguments.length > 0 ? call(this.n, this.s, v) : call(this.n, this.s);
      if (!isObject(r)) throw typeError(`Iterator result ${r} is not an object`);
    } catch (e) {
      return rejected(e);
    }
    return continuation(r, this.s, true);
  }, 1);
  I.defineMethod(AsyncFromSyncIteratorPrototype, 'return', function (v) {
    let r;
    try {
      const m = this.s.return;
      if (m === undefined || m === null) return resolved(iterResult(v, true));
      r = arguments.length > 0 ? call(m, this.s, v) : call(m, this.s);
      if (!isObject(r)) throw typeError(`Iterator result ${r} is not an object`);
    } catch (e) {
      return rejected(e);
    }
    return continuation(r, this.s, false);
  }, 1);
  I.defineMethod(AsyncFromSyncIteratorPrototype, 'throw', function (v) {
    let r;
    try {
      const m = this.s.throw;
      if (m === undefined || m === null) {
        I.iterClose(this.s);
        throw typeError("The iterator does not provide a 'throw' method.");
      }
      r = arguments.length > 0 ? call(m, this.s, v) : call(m, this.s);
      if (!isObject(r)) throw typeError(`Iterator result ${r} is not an object`);
    } catch (e) {
      return rejected(e);
    }
    return continuation(r, this.s, true);
  }, 1);

  // ---- for await / yield* in async generators (ASYNCITER, YIELDSTAR).
  // GetIterator(v, async) (§7.4.3).
  I.setHelper('GetAsyncIterator', (v) => {
    const nullish = v === undefined || v === null;
    const m = nullish ? undefined : v[symAsyncIterator];
    if (m === undefined || m === null) {
      const sm = nullish ? undefined : v[symIterator];
      if (!isCallable(sm)) throw typeError(notAsyncIterable(v));
      const it = call(sm, v);
      if (!isObject(it)) throw typeError('Result of the Symbol.iterator method is not an object');
      return fromSync(it);
    }
    if (!isCallable(m)) throw typeError(notAsyncIterable(v));
    const it = call(m, v);
    if (!isObject(it)) throw typeError('Result of the Symbol.asyncIterator method is not an object');
    return it;
  });
  I.setHelper('AsyncIterCheck', (r) => {
    if (!isObject(r)) throw typeError(`Iterator result ${r} is not an object`);
    return r;
  });
  // AsyncIteratorClose (§7.4.13), first half: the compiled code awaits what this returns and checks it.
  I.setHelper('AsyncIterCloseStart', (it) => {
    const m = it.return;
    if (m === undefined || m === null) return DONE;
    return call(m, it);
  });
  // One step of yield* in an async generator (§15.5.5): what the inner method returned (the
  // compiled code awaits it and checks it is an object).
  I.setHelper('AsyncYieldStarStep', (it, next, mode, received) => {
    if (mode === 0) return call(next, it, received);
    if (mode === 2) {
      const t = it.throw;
      if (t !== undefined && t !== null) return call(t, it, received);
      const err = typeError("The iterator does not provide a 'throw' method.");
      const m = it.return;
      if (m === undefined || m === null) throw err;
      const p = I.newPromise(undefined);
      I.promiseThen(promiseResolve($Promise, call(m, it)), (r) => {
        if (!isObject(r)) throw typeError(`Iterator result ${r} is not an object`);
        throw err;
      }, undefined, p);
      return p;
    }
    const m = it.return;
    if (m === undefined || m === null) return iterResult(received, true);
    return call(m, it, received);
  });
})(__intrinsics__);
