// freeze/seal/preventExtensions and their tests on objects, arrays, functions and primitives; strict vs sloppy writes.
const name = (f) => { try { f(); return 'no error'; } catch (e) { return e.name; } };
const r = {};
const o = Object.freeze({ a: 1, nested: { b: 2 } });
r.frozen = [Object.isFrozen(o), Object.isSealed(o), Object.isExtensible(o), Object.isFrozen(o.nested)];
o.nested.b = 3;
r.shallow = o.nested.b;
r.sloppyWrites = (() => { o.a = 2; o.z = 1; delete o.a; return [o.a, 'z' in o]; })();
r.strictWrites = (function () { 'use strict'; return [name(() => { o.a = 2; }), name(() => { o.z = 1; }), name(() => { delete o.a; }),
  name(() => { Object.defineProperty(o, 'a', { value: 5 }); }), name(() => { Object.setPrototypeOf(o, null); })]; })();
const s = Object.seal({ a: 1 });
s.a = 2;
r.sealed = [Object.isSealed(s), Object.isFrozen(s), s.a, (function () { 'use strict'; return [name(() => { s.b = 1; }), name(() => { delete s.a; })]; })()];
const pe = Object.preventExtensions({ a: 1 });
delete pe.a;
r.preventExtensions = [Object.isExtensible(pe), Object.isSealed(pe), Object.isFrozen(pe), 'a' in pe,
  (function () { 'use strict'; return name(() => { pe.b = 1; }); })()];
r.emptyNonExtensible = [Object.isFrozen(Object.preventExtensions({})), Object.isSealed(Object.preventExtensions({}))];
r.primitives = [Object.freeze(1), Object.seal('s'), Object.preventExtensions(true), Object.isFrozen(1), Object.isSealed('x'),
  Object.isExtensible(1), Object.freeze(null), Object.isFrozen(undefined)];
const arr = Object.freeze([1, 2]);
r.frozenArray = [Object.isFrozen(arr), Object.getOwnPropertyDescriptor(arr, 0), Object.getOwnPropertyDescriptor(arr, 'length')];
const sarr = Object.seal([1, 2]);
r.sealedArray = [Object.isSealed(sarr), Object.isFrozen(sarr), Object.getOwnPropertyDescriptor(sarr, 1), (() => { sarr[0] = 9; return sarr[0]; })()];
const fn = Object.freeze(function f() {});
r.frozenFunction = [Object.isFrozen(fn), Object.getOwnPropertyDescriptor(fn, 'prototype').writable];
const acc = Object.freeze({ get g() { return 1; }, set g(v) {} });
r.frozenAccessor = [Object.isFrozen(acc), typeof Object.getOwnPropertyDescriptor(acc, 'g').set];
const manual = Object.preventExtensions(Object.defineProperty({}, 'x', { value: 1 }));
r.manuallyFrozen = [Object.isFrozen(manual), Object.isSealed(manual)];
const manual2 = Object.preventExtensions(Object.defineProperty({}, 'x', { value: 1, writable: true }));
r.manuallySealed = [Object.isFrozen(manual2), Object.isSealed(manual2)];
r.returnsSame = [Object.freeze(o) === o, Object.seal(s) === s, Object.preventExtensions(pe) === pe];
const deep = (x) => { Object.freeze(x); for (const v of Object.values(x)) if (typeof v === 'object' && v !== null) deep(v); return x; };
const cfg = deep({ a: { b: { c: [1, 2] } } });
r.deepFreeze = [Object.isFrozen(cfg.a.b.c), (function () { 'use strict'; return name(() => cfg.a.b.c.push(3)); })()];
r.builtinsUnaffected = [Object.isFrozen(Object.prototype), Object.isExtensible(Array.prototype)];
r.lengths = [Object.freeze.length, Object.isFrozen.length, Object.seal.length, Object.isSealed.length,
  Object.preventExtensions.length, Object.isExtensible.length];
return r;
