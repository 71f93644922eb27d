// Generator functions and objects: next/return/throw, done/value, prototypes, parameters, this.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
function* count(n) { for (let i = 0; i < n; i++) yield i; return 'end'; }
const c = count(3);
r.steps = [c.next(), c.next(), c.next(), c.next(), c.next()];
r.spread = [...count(4)];
function* echo() { const a = yield 1; const b = yield a * 2; return a + b; }
const e = echo();
r.echo = [e.next('ignored'), e.next(5), e.next(7), e.next()];
// Parameters and defaults are evaluated at the call, the body at the first next().
const log = [];
function* lazy(x = (log.push('default'), 1)) { log.push('body'); yield x; }
const l = lazy();
log.push('created');
l.next();
r.lazy = log;
// Prototypes and tags.
function* g() { yield 1; }
const gi = g();
const GP = Object.getPrototypeOf(g.prototype);
r.protoChain = Object.getPrototypeOf(gi) === g.prototype;
r.tag = Object.prototype.toString.call(gi);
r.gpTag = GP[Symbol.toStringTag];
r.fnTag = Object.getPrototypeOf(g)[Symbol.toStringTag];
r.iterSelf = gi[Symbol.iterator]() === gi;
r.ownNames = Object.getOwnPropertyNames(g.prototype);
r.protoDesc = (({ writable, enumerable, configurable }) => ({ writable, enumerable, configurable }))(Object.getOwnPropertyDescriptor(g, 'prototype'));
r.gpMethods = Object.getOwnPropertyNames(GP).sort();
r.nextLen = GP.next.length;
r.notCtor = err(() => new g()).startsWith('TypeError: ') && err(() => new g()).endsWith(' is not a constructor');
r.hasOwnProtoCtor = Object.prototype.hasOwnProperty.call(g.prototype, 'constructor');
g.prototype = null;
r.nullProto = Object.getPrototypeOf(g()) === GP;
// this and arguments.
const o = { v: 42, *m() { yield this.v; yield arguments.length; } };
r.method = [...o.m(1, 2, 3)];
function* args() { yield arguments[0]; yield arguments.length; }
r.args = [...args('a', 'b')];
// return() and throw().
const rt = count(5);
rt.next();
r.ret = [rt.return(9), rt.next()];
r.retStart = (() => { const x = count(5); return [x.return(1), x.next()]; })();
r.throwStart = (() => { const x = count(5); return [err(() => x.throw(new Error('boom'))), x.next()]; })();
r.throwDone = (() => { const x = count(0); x.next(); return err(() => x.throw(new TypeError('late'))); })();
function* catcher() { while (true) { try { yield 1; } catch (e) { yield 'caught ' + e; } } }
const ct = catcher();
r.catcher = [ct.next(), ct.throw('x'), ct.next(), ct.throw('y'), ct.return('bye'), ct.next()];
function* fin() { try { yield 1; yield 2; } finally { yield 'cleanup'; r.finRan = true; } }
const f = fin();
r.finally = [f.next(), f.return('R'), f.next(), f.next()];
function* finOverride() { try { yield 1; } finally { return 'override'; } }
const fo = finOverride();
r.finOverride = [fo.next(), fo.return('R'), fo.next()];
function* uncaught() { yield 1; throw new RangeError('inside'); }
const u = uncaught();
r.uncaught = [u.next(), err(() => u.next()), u.next()];
// Re-entrancy.
let self;
function* reenter() { yield err(() => self.next()); }
self = reenter();
r.reenter = self.next();
r.badReceiver = [err(() => GP.next.call({})), err(() => GP.return.call(5)), err(() => GP.throw.call(undefined))];
// Generator expressions, anonymous, names.
const anon = function* () { yield 'anon'; };
r.names = [count.name, anon.name, o.m.name, typeof count, count.length];
r.anon = anon().next().value;
// yield precedence and expressions.
function* exprs() { const x = (yield 1) + (yield 2); yield x; const y = yield; yield y === undefined; }
const ex = exprs();
r.exprs = [ex.next().value, ex.next(10).value, ex.next(20).value, ex.next().value, ex.next().value];
// Closures capturing generator locals.
function* closures() { let i = 0; const inc = () => ++i; while (i < 3) yield inc(); }
r.closures = [...closures()];
return r;
