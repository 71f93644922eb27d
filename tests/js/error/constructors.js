// Error constructors: with and without new, message coercion, cause option, own property shapes, prototypes, names.
const r = {};
const types = [Error, TypeError, RangeError, ReferenceError, SyntaxError, EvalError, URIError];
r.names = types.map((T) => [T.name, T.length, T.prototype.name, T.prototype.message, new T('m') instanceof T, new T('m') instanceof Error, T('m') instanceof T, Object.getPrototypeOf(T) === (T === Error ? Function.prototype : Error), Object.getPrototypeOf(T.prototype) === (T === Error ? Object.prototype : Error.prototype)]);
r.withoutNew = [Error('x').message, TypeError('y').message, Object.getPrototypeOf(RangeError('z')) === RangeError.prototype];
r.ownProps = [Object.getOwnPropertyNames(new Error('x')), Object.getOwnPropertyNames(new Error()), Object.getOwnPropertyNames(new Error(undefined)), Object.getOwnPropertyNames(new Error('x', { cause: 1 })), Object.getOwnPropertyNames(new TypeError('x', { cause: undefined }))];
r.descriptors = (() => { const e = new Error('x', { cause: 'c' }); const d = (k) => { const p = Object.getOwnPropertyDescriptor(e, k); return [p.writable, p.enumerable, p.configurable, typeof p.value]; }; return [d('message'), d('cause'), d('stack')]; })();
r.messages = [new Error(5).message, new Error(null).message, new Error(true).message, new Error('').message, new Error({ toString() { return 'obj'; } }).message, new Error(['a', 'b']).message, 'message' in new Error(), new Error().message];
r.cause = [new Error('x', { cause: 0 }).cause, new Error('x', { cause: null }).cause, 'cause' in new Error('x', {}), 'cause' in new Error('x', 5), 'cause' in new Error('x', null), new Error('x', { get cause() { return 'getter'; } }).cause, 'cause' in new Error('x', Object.create({ cause: 'inherited' })), new Error('x', Object.create({ cause: 'inherited' })).cause];
r.symbolMessage = (() => { try { new Error(Symbol('s')); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } })();
r.stackIsString = [typeof new Error('x').stack, new Error('boom').stack.split('\n')[0], new TypeError('t').stack.split('\n')[0], new Error().stack.split('\n')[0], new Error('').stack.split('\n')[0]];
r.classOf = [Object.prototype.toString.call(new Error()), Object.prototype.toString.call(new TypeError()), Object.prototype.toString.call(Error.prototype)];
r.prototypeProps = [Object.getOwnPropertyNames(Error.prototype), Object.getOwnPropertyNames(TypeError.prototype), Object.keys(new Error('x'))];
r.ctorProps = [Object.getOwnPropertyNames(TypeError), Error.stackTraceLimit, typeof Error.captureStackTrace, Error.captureStackTrace.length];
r.subclassByPrototype = (() => {
  function MyError(msg) { const e = new Error(msg); Object.setPrototypeOf(e, MyError.prototype); return e; }
  MyError.prototype = Object.create(Error.prototype, { name: { value: 'MyError', writable: true, configurable: true } });
  const e = new MyError('custom');
  return [e instanceof MyError, e instanceof Error, String(e), e.message];
})();
return r;
