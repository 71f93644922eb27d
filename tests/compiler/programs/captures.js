// captured parameters and catch bindings, upvalue TDZ and const checks, this in methods and arrows.
const log = [];
function captured(a, b = () => a, ...rest) { a = 'changed'; return [b(), rest.length, (() => rest)()]; }
log.push(captured('orig', undefined, 1, 2));
function paramClosure(x) { const get = () => x; x++; return get(); }
log.push(paramClosure(1));
try { throw { code: 42 }; } catch ({ code }) { log.push((() => code)()); }
try { throw 'e1'; } catch (e) { const f = () => e; e = 'e2'; log.push(f()); }
try { throw 1; } catch (e) { var e = 2; log.push(e); }
log.push(typeof e);
let counter = 0;
const bump = () => { counter += 2; counter++; return counter--; };
log.push(bump(), counter);
let lateConst;
function useLate() { return lateC; }
try { useLate(); } catch (err) { log.push(err.constructor.name); }
const lateC = 'ok';
log.push(useLate());
function assignConstUp() { lateC = 1; }
try { assignConstUp(); } catch (err) { log.push(err.message); }
let upTdz = (() => { try { tdzUp = 1; } catch (err) { return err.constructor.name; } })();
let tdzUp;
log.push(upTdz);
var topVar = 1;
log.push(globalThis.topVar);
implicitGlobal = 5;
log.push(globalThis.implicitGlobal, delete globalThis.implicitGlobal);
const objThis = { name: 'o', regular() { return this.name; }, arrow: () => typeof this, nested() { return [1].map(() => this.name); } };
log.push(objThis.regular(), objThis.arrow(), objThis.nested());
const detached = objThis.regular;
log.push((0, objThis.regular)?.call({ name: 'called' }));
const getterObj = { _v: 2, get v() { return this._v * 10; }, set v(x) { this._v = x; } };
getterObj.v = 5;
log.push(getterObj.v);
function outerFn() { const self = this; return function () { return this === self; }; }
log.push(outerFn.call({})());
const memo = {};
function fib(n) { if (n < 2) return n; if (memo[n]) return memo[n]; return memo[n] = fib(n - 1) + fib(n - 2); }
log.push(fib(50));
function shadow() { let x = 1; { let x = 2; { const x = 3; log.push(x); } log.push(x); } return x; }
log.push(shadow());
const nestedFns = () => { const a = 1; return () => { const b = 2; return () => { const c = 3; return () => a + b + c; }; }; };
log.push(nestedFns()()()());
return log;
