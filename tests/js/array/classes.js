// Classes meet built-ins: Array subclasses and species, extends Object, bound classes, static @@hasInstance,
// class prototypes, getters on class prototypes seen by Object.keys/values and Object.prototype.toString.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
class List extends Array {
  last() { return this[this.length - 1]; }
}
const l = List.from([1, 2, 3, 4]);
const kinds = (a) => `${a.constructor.name}:${a instanceof List}:${Array.isArray(a)}`;
r.subclass = [kinds(l.map((x) => x)), kinds(l.filter((x) => x > 1)), kinds(l.slice(1)), kinds(l.splice(0, 1)), kinds(l.concat([9])),
  kinds(l.flat()), kinds(l.flatMap((x) => [x])), kinds(l.toSorted()), kinds(l.toReversed()), kinds(l.with(0, 0)), kinds(l.toSpliced(0, 1))];
r.subclassValues = [l.map((x) => x * 2).last(), l.length, l.last()];
class Plain extends Array {
  static get [Symbol.species]() { return Array; }
}
const p = new Plain(1, 2, 3);
r.speciesArray = [kinds(p.map((x) => x)), p.map((x) => x) instanceof Plain, p instanceof Plain];
const custom = [1, 2, 3];
custom.constructor = { [Symbol.species]: function Fake(n) { this.made = n; } };
const made = custom.map((x) => x * 2);
r.customSpecies = [Array.isArray(made), made.made, made[0], made[2], made.length];
const nullSpecies = [1, 2];
nullSpecies.constructor = { [Symbol.species]: null };
r.nullSpecies = [Array.isArray(nullSpecies.slice()), nullSpecies.slice().constructor === Array];
const undefCtor = [1, 2];
undefCtor.constructor = undefined;
r.undefinedConstructor = Array.isArray(undefCtor.filter(() => true));
const badSpecies = [1];
badSpecies.constructor = { [Symbol.species]: 5 };
r.badSpecies = [err(() => badSpecies.map((x) => x)), err(() => badSpecies.slice())];
const badCtor = [1];
badCtor.constructor = 5;
r.primitiveConstructor = err(() => badCtor.slice());
r.nonArrayThis = Array.isArray(Array.prototype.map.call({ length: 1, 0: 1, constructor: List }, (x) => x));
let speciesCalls = 0;
class Counted extends Array {
  static get [Symbol.species]() { speciesCalls++; return Array; }
}
const cc = Counted.of(1, 2, 3);
cc.map((x) => x); cc.filter(() => 1); cc.slice(); cc.splice(0, 0); cc.concat(); cc.flat(); cc.flatMap((x) => x);
r.speciesCalls = speciesCalls;
class MyArr extends Array {
  sum() { return this.reduce((a, b) => a + b, 0); }
}
const m = MyArr.from([1, 2, 3]);
r.fromOf = [m instanceof MyArr, m.sum(), m.length, MyArr.of(4, 5).sum(), new MyArr(3).length, Array.isArray(m), MyArr[Symbol.species] === MyArr];
const m2 = new MyArr(1, 2);
r.construct = [m2.length, m2[1], m2.constructor === MyArr];
class Sub extends Object { constructor() { super(); this.made = true; } }
const sub = new Sub();
r.subclassObject = [sub.made, sub instanceof Sub, Object.getPrototypeOf(sub) === Sub.prototype];
class K { constructor(v) { this.v = v; } }
const BK = K.bind(null, 'bound');
r.classBound = [new BK().v, new BK() instanceof K, BK.name, (() => { try { BK(); return 'no error'; } catch (e) { return e.name; } })()];
class Even { static [Symbol.hasInstance](n) { return n % 2 === 0; } }
r.customHasInstance = [2 instanceof Even, 3 instanceof Even];
r.classToString = String(class Bar {}).startsWith('class Bar');
class A {}
class B extends A {}
r.classProtos = [Object.getPrototypeOf(B) === A, Object.getPrototypeOf(B.prototype) === A.prototype, A.prototype.isPrototypeOf(new B())];
const chain = [];
let p2 = new B();
while (p2 !== null) { chain.push(p2.constructor.name); p2 = Object.getPrototypeOf(p2); }
r.chain = chain;
class Pt { constructor() { this.x = 1; this.y = 2; } get sum() { return this.x + this.y; } }
r.classInstanceKeys = [Object.keys(new Pt()), Object.values(new Pt()), Object.entries(new Pt())];
class Tagged { get [Symbol.toStringTag]() { return 'FromGetter'; } }
r.classTag = [Object.prototype.toString.call(new Tagged()), `${new Tagged()}`, Object.prototype.toString.call(new (class Foo {})())];
r.subclassLength = (() => { const s = new List(); s.push(1, 2); s.length = 1; return [s.length, s.last(), JSON.stringify(s)]; })();
return r;
