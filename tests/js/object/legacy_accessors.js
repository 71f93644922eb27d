// Annex B accessor helpers: __defineGetter__/__defineSetter__/__lookupGetter__/__lookupSetter__.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const o = {};
o.__defineGetter__('g', function () { return 'got'; });
let stored;
o.__defineSetter__('g', function (v) { stored = v; });
o.g = 5;
const d = Object.getOwnPropertyDescriptor(o, 'g');
r.define = [o.g, stored, d.enumerable, d.configurable, typeof d.get, typeof d.set];
r.lookup = [typeof o.__lookupGetter__('g'), typeof o.__lookupSetter__('g'), o.__lookupGetter__('missing'),
  typeof Object.create(o).__lookupGetter__('g'), Object.create({ q: 1 }).__lookupGetter__('q'),
  ({}).__lookupGetter__('__proto__').name, ({}).__lookupSetter__('__proto__').name];
r.objectKey = (() => { const x = {}; x.__defineGetter__({ toString() { return 'k'; } }, () => 'K'); return [x.k, typeof x.__lookupGetter__({ toString() { return 'k'; } })]; })();
r.errors = [err(() => ({}).__defineGetter__('x', 1)), err(() => ({}).__defineSetter__('x', {})),
  err(() => Object.prototype.__defineGetter__.call(null, 'x', () => 1)), err(() => Object.freeze({}).__defineGetter__('x', () => 1)),
  err(() => Object.prototype.__lookupGetter__.call(undefined, 'x'))];
r.lengths = [Object.prototype.__defineGetter__.length, Object.prototype.__defineSetter__.length,
  Object.prototype.__lookupGetter__.length, Object.prototype.__lookupSetter__.length];
return r;
