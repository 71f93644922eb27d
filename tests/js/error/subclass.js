// Subclassing Error with class syntax and Reflect.construct: prototypes from new.target, names, stack header.
const r = {};
class ValidationError extends Error {
  constructor(message, field) { super(message); this.name = 'ValidationError'; this.field = field; }
}
const v = new ValidationError('bad input', 'email');
r.validation = [v instanceof ValidationError, v instanceof Error, v.name, v.message, v.field, String(v), Object.keys(v), Object.prototype.toString.call(v)];
class HttpError extends Error {}
HttpError.prototype.name = 'HttpError';
const h = new HttpError('404', { cause: 'missing' });
r.protoName = [String(h), h.cause, h.stack.split('\n')[0], Object.getOwnPropertyNames(h)];
class Plain extends TypeError {}
r.plain = [new Plain('p').name, String(new Plain('p')), new Plain('p') instanceof TypeError, new Plain('p').stack.split('\n')[0]];
class Agg extends AggregateError { constructor(errs) { super(errs, 'agg'); } }
r.aggregate = [new Agg([1, 2]).errors, new Agg([]).message, new Agg([]) instanceof AggregateError];
r.reflectConstruct = (() => { function F() {} F.prototype = Object.create(TypeError.prototype); const e = Reflect.construct(TypeError, ['via reflect'], F); return [e instanceof F, e.message, Object.getPrototypeOf(e) === F.prototype]; })();
r.caught = (() => { try { throw new ValidationError('thrown', 'x'); } catch (e) { return [e.name, e.field, e instanceof ValidationError]; } })();
return r;
