// AggregateError (errors from iterables, message, cause) and Error.prototype.toString on odd receivers.
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const a = new AggregateError([new Error('one'), 2, 'three'], 'many', { cause: 'why' });
r.aggregate = [a.name, a.message, a.errors.length, a.errors[0].message, a.errors[1], a.cause, Object.getOwnPropertyNames(a), a instanceof Error, AggregateError.length, Object.getPrototypeOf(AggregateError) === Error];
r.errorsArrayFresh = (() => { const src = [1, 2]; const e = new AggregateError(src); return [e.errors !== src, e.errors, 'message' in e, Array.isArray(e.errors)]; })();
r.fromSet = new AggregateError(new Set([1, 2, 2, 3])).errors;
r.fromString = new AggregateError('ab').errors;
r.withHoles = new AggregateError([1, , 3]).errors;
r.noNew = AggregateError([1], 'm').errors;
r.notIterable = [err(() => new AggregateError()), err(() => new AggregateError(5)), err(() => new AggregateError({}))];
r.descriptor = (() => { const d = Object.getOwnPropertyDescriptor(new AggregateError([]), 'errors'); return [d.enumerable, d.writable, d.configurable]; })();
r.toString = [String(new Error('m')), String(new TypeError()), String(new RangeError('')), Error.prototype.toString.call({ name: 'N', message: 'M' }), Error.prototype.toString.call({}), Error.prototype.toString.call({ name: '', message: 'only message' }), Error.prototype.toString.call({ name: 'only name', message: '' }), Error.prototype.toString.call({ name: undefined, message: undefined }), Error.prototype.toString.call({ name: 42, message: null }), Error.prototype.toString.call({ get name() { return 'Getter'; }, message: 'm' }), Error.prototype.toString.call({ name: { toString() { return 'ObjName'; } } })];
r.toStringReceiver = [err(() => Error.prototype.toString.call(1)), err(() => Error.prototype.toString.call(undefined)), err(() => Error.prototype.toString.call('str'))];
r.modified = (() => { const e = new Error('m'); e.name = 'Custom'; e.message = 'changed'; return [String(e), `${e}`]; })();
r.captureStackTrace = (() => { const o = { name: 'N', message: 'M' }; Error.captureStackTrace(o); const d = Object.getOwnPropertyDescriptor(o, 'stack'); return [typeof o.stack, o.stack.split('\n')[0], d.enumerable, d.writable]; })();
r.thrownByEngine = [err(() => null.x), err(() => undefinedVariable), err(() => (1)()), err(() => new Array(-1)), err(() => JSON.parse('{'))];
r.engineErrorShape = (() => { try { null.x; } catch (e) { return [e.constructor === TypeError, Object.getOwnPropertyNames(e), typeof e.stack, e.stack.split('\n')[0]]; } })();
return r;
