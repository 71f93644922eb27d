// Subclasses of built-ins: Error (name, message, stack, cause, instanceof, Result shape), Array
// (length, species), Map, Set, Promise (then/catch on a subclass, species), Object and Function.
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};

class ValidationError extends Error {
  constructor(field, message, options) {
    super(message, options);
    this.name = 'ValidationError';
    this.field = field;
  }
}
class NotFound extends Error { name = 'NotFound'; }
class Plain extends Error {}
const v = new ValidationError('email', 'bad email', { cause: 'regex' });
r.error = [v.message, v.name, v.field, v.cause, v instanceof ValidationError, v instanceof Error, String(v), Object.prototype.toString.call(v), Object.keys(v), typeof v.stack, v.stack.includes('bad email')];
r.errorVariants = [String(new NotFound('no id')), new Plain('p').name, String(new Plain('p')), new Plain().message, Object.getPrototypeOf(Plain) === Error, err(() => { throw new NotFound('thrown'); })];
r.errorCaught = (() => { try { throw new ValidationError('x', 'boom'); } catch (e) { return [e.constructor.name, e.field, e instanceof ValidationError]; } })();
r.errorResult = new ValidationError('f', 'as result');
class HttpError extends TypeError { constructor(status) { super(`HTTP ${status}`); this.status = status; } }
r.typeErrorSub = [String(new HttpError(404)), new HttpError(500) instanceof TypeError, new HttpError(1).name];

class Stack extends Array {
  peek() { return this[this.length - 1]; }
  static get [Symbol.species]() { return Array; }
}
class List extends Array {
  sum() { return this.reduce((a, b) => a + b, 0); }
}
const s = new Stack();
s.push(1, 2, 3);
const l = List.from([1, 2, 3, 4]);
const mapped = l.map((x) => x * 2);
r.array = [s.length, s.peek(), Array.isArray(s), s instanceof Stack, s instanceof Array, s.map((x) => x) instanceof Stack, l.sum(), mapped instanceof List, mapped.sum(), l.filter((x) => x % 2).sum(), List.of(5, 6).sum(), new List(3).length, l.slice(1) instanceof List, [].concat(l) instanceof List];
s.length = 1;
r.arrayLength = [s.length, s[1], JSON.stringify(s), Object.keys(l)];
r.arrayResult = l;

class DefaultMap extends Map {
  constructor(make, entries) { super(entries); this.make = make; }
  get(k) { if (!this.has(k)) this.set(k, this.make()); return super.get(k); }
}
const dm = new DefaultMap(() => [], [['a', [1]]]);
dm.get('b').push(2);
dm.get('a').push(3);
r.map = [dm.size, [...dm.keys()], dm.get('a'), dm.get('b'), dm instanceof Map, Object.prototype.toString.call(dm)];
class TagSet extends Set { addAll(...xs) { xs.forEach((x) => this.add(x)); return this; } }
r.set = [[...new TagSet(['a']).addAll('b', 'a', 'c')], new TagSet() instanceof Set];

class TrackedPromise extends Promise {
  static count = 0;
  constructor(executor) { super(executor); TrackedPromise.count++; }
}
const tp = TrackedPromise.resolve(5);
const chained = tp.then((x) => x * 2);
r.promise = [tp instanceof TrackedPromise, chained instanceof TrackedPromise, await chained, await new TrackedPromise((res) => res('direct')), TrackedPromise.count > 1, await TrackedPromise.all([1, TrackedPromise.resolve(2)])];
r.promiseReject = await new TrackedPromise((_, rej) => rej(new NotFound('rejected'))).catch((e) => e.name);

class Obj extends Object { constructor() { super(); this.o = 1; } }
r.others = [new Obj(), new Obj() instanceof Obj];
return r;
