// arguments, this, new.target, function names and lengths, defaults, hoisting.
const log = [];
function args() { return [arguments.length, arguments[0], arguments[2]]; }
log.push(args(1, 2, 3));
function arrowArgs() { const f = () => arguments[0]; return f(9); }
log.push(arrowArgs('outer'));
function Ctor() { this.v = 1; const g = () => this.v; this.w = g(); log.push(new.target === Ctor); }
const inst = new Ctor();
Ctor.call({});
log.push(inst.v, inst.w);
function NT() { return (() => new.target)(); }
log.push(NT() === undefined, new NT() instanceof NT);
const fact = function me(n) { return n <= 1 ? 1 : n * me(n - 1); };
log.push(fact(5), fact.name);
const named = function inner() { inner = 5; return typeof inner; };
log.push(named());
const anon = () => {};
const objf = { m() {}, f: function () {}, a: () => {}, get gg() { return 1; }, ['c' + 'k']: () => {} };
log.push(anon.name, objf.m.name, objf.f.name, objf.a.name, Object.getOwnPropertyDescriptor(objf, 'gg').get.name);
function lens(a, b = 1, ...c) {}
log.push(lens.length, ((a, b) => {}).length, (function (...x) {}).length);
let assigned;
assigned = function () {};
log.push(assigned.name);
const { dflt = () => {} } = {};
log.push(dflt.name);
const method = { sum(...n) { return n.reduce((s, x) => s + x, this.base); }, base: 10 };
log.push(method.sum(1, 2, 3));
function sloppyThis() { return this === undefined ? 'undef' : typeof this; }
function strictThis() { 'use strict'; return this === undefined ? 'undef' : typeof this; }
log.push(sloppyThis(), strictThis());
log.push((function () { return typeof this; }).call(5));
function hoisted() { return inner2(); function inner2() { return 'hoisted'; } }
log.push(hoisted());
{ function blockFn() { return 'block'; } log.push(blockFn()); }
log.push(typeof varLater, (() => { var varLater = 1; return varLater; })());
var varLater;
function defaults(a, b = a + 1, c = b * 2) { return [a, b, c]; }
log.push(defaults(1), defaults(1, undefined, 0), defaults(1, null));
const rec = (n) => n === 0 ? 0 : 1 + rec(n - 1);
log.push(rec(100));
return log;
