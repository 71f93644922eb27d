// defineProperty/defineProperties/getOwnPropertyDescriptor(s): defaults, partial redefinition, validation errors.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const desc = (o, k) => Object.getOwnPropertyDescriptor(o, k);
const r = {};
const o = {};
Object.defineProperty(o, 'x', { value: 1 });
r.defaults = desc(o, 'x');
r.defaultsAccessor = (() => { const a = {}; Object.defineProperty(a, 'g', { get() { return 5; } }); const d = desc(a, 'g'); return [typeof d.get, d.set, d.enumerable, d.configurable, a.g]; })();
r.returns = Object.defineProperty(o, 'y', { value: 2 }) === o;
const p = { v: 1 };
Object.defineProperty(p, 'v', { enumerable: false });
r.partialKeepsValue = desc(p, 'v');
Object.defineProperty(p, 'v', { get() { return 'now accessor'; } });
r.toAccessor = [desc(p, 'v').enumerable, desc(p, 'v').configurable, 'value' in desc(p, 'v'), p.v];
Object.defineProperty(p, 'v', { value: 'data again' });
r.toData = desc(p, 'v');
const nc = Object.defineProperty({}, 'k', { value: 1, writable: true, configurable: false, enumerable: true });
r.nonConfigurable = [err(() => Object.defineProperty(nc, 'k', { value: 2 })), nc.k,
  err(() => Object.defineProperty(nc, 'k', { writable: false })), err(() => Object.defineProperty(nc, 'k', { value: 3 })),
  err(() => Object.defineProperty(nc, 'k', { value: 2 })), err(() => Object.defineProperty(nc, 'k', { enumerable: false })),
  err(() => Object.defineProperty(nc, 'k', { configurable: true })), err(() => Object.defineProperty(nc, 'k', { get() {} })),
  err(() => Object.defineProperty(nc, 'k', {})), desc(nc, 'k')];
const getter = function () { return 1; };
const ncAcc = Object.defineProperty({}, 'a', { get: getter });
r.nonConfigurableAccessor = [err(() => Object.defineProperty(ncAcc, 'a', { get: getter })),
  err(() => Object.defineProperty(ncAcc, 'a', { get() {} })), err(() => Object.defineProperty(ncAcc, 'a', { set: undefined })),
  err(() => Object.defineProperty(ncAcc, 'a', { value: 1 }))];
r.nan = (() => { const n = Object.defineProperty({}, 'n', { value: NaN }); return err(() => Object.defineProperty(n, 'n', { value: NaN })); })();
r.negZero = (() => { const n = Object.defineProperty({}, 'z', { value: -0 }); return err(() => Object.defineProperty(n, 'z', { value: 0 })); })();
r.errors = [err(() => Object.defineProperty(1, 'x', {})), err(() => Object.defineProperty({}, 'x', 1)),
  err(() => Object.defineProperty({}, 'x', { get: 1 })), err(() => Object.defineProperty({}, 'x', { set: {} })),
  err(() => Object.defineProperty({}, 'x', { get() {}, value: 1 })), err(() => Object.defineProperty({}, 'x', { set() {}, writable: true })),
  err(() => Object.defineProperty(Object.preventExtensions({}), 'x', { value: 1 })), err(() => Object.defineProperty({}, 'x', null))];
const keyObj = { toString() { return 'fromToString'; } };
r.objectKey = Object.keys(Object.defineProperty({}, keyObj, { value: 1, enumerable: true }));
r.symbolKey = (() => { const s = Symbol('d'); const x = Object.defineProperty({}, s, { value: 's', enumerable: true }); return [x[s], Object.keys(x).length]; })();
r.numberKey = Object.keys(Object.defineProperty({}, 1.5, { value: 1, enumerable: true }));
const log = [];
const descWithGetters = { get enumerable() { log.push('enumerable'); return true; }, get value() { log.push('value'); return 'V'; },
  get configurable() { log.push('configurable'); return false; }, get writable() { log.push('writable'); return true; } };
const viaGetters = Object.defineProperty({}, 'g', descWithGetters);
r.descriptorGetters = [log, desc(viaGetters, 'g')];
r.inheritedDescriptorFields = desc(Object.defineProperty({}, 'i', Object.create({ value: 'inh', enumerable: true })), 'i');
const arr = [1, 2, 3];
Object.defineProperty(arr, 'length', { value: 1 });
r.arrayLength = [arr.length, arr[1], err(() => Object.defineProperty([], 'length', { value: -1 })),
  err(() => Object.defineProperty([], 'length', { value: 1.5 })), err(() => Object.defineProperty([], 'length', { get() {} })),
  Object.defineProperty([], 'length', { value: '3' }).length, Object.defineProperty([], 'length', { value: { valueOf() { return 2; } } }).length];
const fixed = Object.defineProperty([1, 2], 'length', { writable: false });
r.arrayFixedLength = [err(() => Object.defineProperty(fixed, 'length', { value: 5 })), err(() => Object.defineProperty(fixed, 2, { value: 1 })),
  err(() => Object.defineProperty(fixed, 'length', { value: 2 })), err(() => Object.defineProperty(fixed, 'length', { writable: true })), fixed.length];
const arr2 = [];
Object.defineProperty(arr2, 5, { value: 'x', enumerable: true, configurable: true, writable: true });
r.arrayIndexGrows = [arr2.length, Object.keys(arr2)];
const sealedArr = Object.seal([1, 2, 3]);
r.arrayShrinkSealed = [err(() => Object.defineProperty(sealedArr, 'length', { value: 0 })), sealedArr.length];
r.stringWrapper = [desc('abc', 0), desc('abc', 'length'), err(() => Object.defineProperty(new String('ab'), 0, { value: 'z' })),
  err(() => Object.defineProperty(new String('ab'), 0, { value: 'a' }))];
const dps = Object.defineProperties({}, { a: { value: 1, enumerable: true }, b: { get() { return 2; }, enumerable: true } });
r.defineProperties = [dps.a, dps.b, Object.keys(dps), desc(dps, 'a')];
r.definePropertiesErrors = [err(() => Object.defineProperties({}, { a: 1 })), err(() => Object.defineProperties(1, {})),
  err(() => Object.defineProperties({}, null))];
const atomic = {};
r.definePropertiesValidatesFirst = [err(() => Object.defineProperties(atomic, { ok: { value: 1 }, bad: { get: 5 } })), Object.getOwnPropertyNames(atomic)];
const all = Object.getOwnPropertyDescriptors({ a: 1, get b() { return 2; }, [Symbol.for('c')]: 3 });
r.descriptors = [Object.keys(all), typeof all.b.get, all.a, all[Symbol.for('c')].value];
r.gopdMissing = [desc({}, 'nope'), desc([1], 'length'), desc(function f(a) {}, 'length'), desc(function f(a) {}, 'name')];
r.gopdErrors = [err(() => Object.getOwnPropertyDescriptor(null, 'x')), desc(1, 'x'), desc({ 1: 'n' }, 1)];
r.gopdObjectKey = desc({ k: 1 }, { toString() { return 'k'; } });
r.lengths = [Object.defineProperty.length, Object.defineProperties.length, Object.getOwnPropertyDescriptor.length,
  Object.getOwnPropertyDescriptors.length];
return r;
