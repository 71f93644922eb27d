// Object.assign: order, sources skipped, strings, symbols, getters on sources, setters on the target, failures.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const name = (f) => { try { f(); return 'no error'; } catch (e) { return e.name; } };
const r = {};
r.basic = Object.assign({ a: 1 }, { b: 2 }, { a: 3, c: 4 });
r.skipped = Object.assign({}, null, undefined, 1, true, 'ab');
const sym = Symbol('k');
const withSym = Object.assign({}, { [sym]: 'sv', x: 1 });
r.symbols = [withSym[sym], Object.keys(withSym)];
const target = { t: 0 };
r.returnsTarget = Object.assign(target, { u: 1 }) === target;
r.primitiveTarget = [typeof Object.assign(1, { a: 1 }), Object.assign('x', {}).length];
r.nullTarget = [err(() => Object.assign(null, {})), err(() => Object.assign(undefined))];
const log = [];
const src = {
  a: 1,
  get b() { log.push('get b'); return 2; },
  c: 3,
};
const tgt = {
  set c(v) { log.push(`set c=${v}`); },
  get c() { return 'tgt-c'; },
};
const res = Object.assign(tgt, { first: 0 }, src, { last: 9 });
r.effects = [log, Object.keys(res), res.a, res.b, res.c, res.last];
const proto = { set inherited(v) { log.push(`proto setter ${v}`); } };
const child = Object.create(proto);
Object.assign(child, { inherited: 'I', own: 'O' });
r.inheritedSetter = [Object.keys(child), log[log.length - 1]];
const nonEnum = Object.defineProperty({ vis: 1 }, 'invis', { value: 2, enumerable: false });
r.nonEnumerable = Object.assign({}, nonEnum);
r.arraySource = Object.assign({}, [5, 6]);
r.arrayTarget = Object.assign([1, 2, 3], [9, 8]);
r.arrayLength = (() => { const a = [1, 2, 3]; Object.assign(a, { length: 1 }); return a; })();
r.arrayLengthBad = name(() => Object.assign([], { length: -1 }));
const frozen = Object.freeze({ a: 1 });
r.frozenTarget = [err(() => Object.assign(frozen, { a: 2 })), err(() => Object.assign(Object.preventExtensions({}), { z: 1 })),
  err(() => Object.assign(frozen, {}))];
const partialTarget = Object.defineProperty({}, 'ro', { value: 1, writable: false, enumerable: true });
r.partial = [err(() => Object.assign(partialTarget, { before: 1, ro: 2, after: 3 })), Object.keys(partialTarget)];
const throwingGetter = { x: 1, get y() { throw new Error('getter'); }, z: 3 };
const tg = {};
r.throwingGetter = [err(() => Object.assign(tg, throwingGetter)), Object.keys(tg)];
const mutating = {
  get a() { delete this.b; this.c = 'added'; return 'A'; },
  b: 'B',
};
r.mutatingSource = Object.assign({}, mutating);
const multi = [];
Object.assign({ set v(x) { multi.push(x); } }, { v: 1 }, { v: 2 }, { v: 3 });
r.multipleSetterCalls = multi;
r.length = Object.assign.length;
return r;
