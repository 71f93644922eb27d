// WeakMap and WeakSet: object and non-registered symbol keys, invalid keys, methods, errors.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const k1 = {}, k2 = function () {}, k3 = [];
const wm = new WeakMap([[k1, 1], [k2, 2]]);
r.weakMap = [wm.get(k1), wm.get(k2), wm.has(k3), wm.set(k3, 3) === wm, wm.get(k3), wm.delete(k1), wm.has(k1), wm.delete(k1), wm.get({})];
const sym = Symbol('local');
r.symbolKeys = [new WeakMap([[sym, 'ok']]).get(sym), err(() => new WeakMap().set(Symbol.for('reg'), 1)), new WeakSet([sym]).has(sym)];
r.invalid = [err(() => new WeakMap().set(1, 2)), err(() => new WeakMap().set('s', 2)), err(() => new WeakMap().set(null, 2)), err(() => new WeakMap([[1, 2]])), err(() => new WeakSet().add('x')), err(() => new WeakSet([1]))];
r.invalidLookups = [new WeakMap().get(1), new WeakMap().has('x'), new WeakMap().delete(null), new WeakSet().has(1), new WeakSet().delete(2)];
const ws = new WeakSet([k1]);
r.weakSet = [ws.has(k1), ws.add(k2) === ws, ws.has(k2), ws.delete(k2), ws.has(k2)];
r.meta = [Object.getOwnPropertyNames(WeakMap.prototype), Object.getOwnPropertyNames(WeakSet.prototype), Object.prototype.toString.call(wm), Object.prototype.toString.call(ws), WeakMap.length, 'size' in wm, typeof wm.clear, typeof wm.keys];
r.errors = [err(() => WeakMap()), err(() => WeakSet()), err(() => WeakMap.prototype.get.call(new Map(), k1)), err(() => WeakSet.prototype.add.call(new Set(), k1))];
r.json = JSON.stringify({ wm, ws });
return r;
