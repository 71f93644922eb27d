// Object.keys/values/entries: key order, enumerability, primitives, getters run in order, arrays and strings.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const sym = Symbol('s');
const o = { b: 1, 2: 'two', a: 2, 1: 'one', [sym]: 'sym', '-1': 'neg', '01': 'lead', 4294967295: 'max', 4294967294: 'idx' };
r.keys = Object.keys(o);
r.values = Object.values(o);
r.entries = Object.entries(o);
const ne = Object.defineProperty({ x: 1 }, 'hidden', { value: 2, enumerable: false });
r.nonEnumerable = [Object.keys(ne), Object.values(ne), Object.entries(ne)];
r.arrays = [Object.keys([4, , 6]), Object.values([4, , 6]), Object.entries(['a'])];
r.strings = [Object.keys('hi'), Object.values('hi'), Object.entries('hi')];
r.primitives = [Object.keys(5), Object.values(true), Object.entries(Symbol('x'))];
r.nullish = [err(() => Object.keys(null)), err(() => Object.values(undefined)), err(() => Object.entries())];
const log = [];
const g = {
  get a() { log.push('a'); return 'A'; },
  b: 'B',
  get c() { log.push('c'); delete this.d; return 'C'; },
  d: 'D',
  e: 'E',
};
r.getterValues = [Object.values(g), log.slice()];
const g2 = { get x() { Object.defineProperty(this, 'y', { enumerable: false }); return 1; }, y: 2, z: 3 };
r.getterHides = Object.entries(g2);
function Pt() { this.x = 1; this.y = 2; }
Object.defineProperty(Pt.prototype, 'sum', { get() { return this.x + this.y; } });
r.constructedInstance = [Object.keys(new Pt()), Object.values(new Pt()), new Pt().sum];
r.inherited = Object.keys(Object.create({ inheritedKey: 1 }, { own: { value: 1, enumerable: true } }));
r.functions = [Object.keys(function f(a, b) {}), Object.keys(() => 1)];
const big = {};
for (let i = 0; i < 100; i++) big[`k${i}`] = i;
r.big = [Object.keys(big).length, Object.values(big).reduce((a, b) => a + b, 0), Object.entries(big)[99]];
r.deleted = (() => { const d = { a: 1, b: 2, c: 3 }; delete d.b; d.b = 4; return Object.keys(d); })();
r.lengths = [Object.keys.length, Object.values.length, Object.entries.length];
return r;
