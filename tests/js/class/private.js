// #private fields, methods, accessors and static members; `#x in o`; brand checks and their V8 errors;
// private names are per class evaluation and never visible as properties.
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};

class Account {
  #balance = 0;
  #log = [];
  static #count = 0;
  static #registry = new Map();
  owner;
  constructor(owner, initial) {
    this.owner = owner;
    this.#deposit(initial);
    Account.#count++;
    Account.#registry.set(owner, this);
  }
  #deposit(n) { this.#balance += n; this.#log.push(`+${n}`); return this; }
  get #summary() { return `${this.owner}:${this.#balance}`; }
  set #limit(v) { this.#log.push(`limit ${v}`); }
  get balance() { return this.#balance; }
  withdraw(n) {
    if (n > this.#balance) throw new RangeError(`insufficient funds for ${n}`);
    this.#balance -= n;
    this.#log.push(`-${n}`);
    this.#limit = n * 2;
    return this.#summary;
  }
  history() { return [...this.#log]; }
  static #find(owner) { return Account.#registry.get(owner); }
  static lookup(owner) { return Account.#find(owner)?.balance ?? null; }
  static get count() { return Account.#count; }
  static isAccount(o) { return #balance in o; }
  static hasDeposit(o) { return #deposit in o; }
  static isClass(o) { return #find in o; }
  static peek(o) { return o.#balance; }
  static poke(o, v) { o.#balance = v; }
  static callDeposit(o) { return o.#deposit(1); }
  static summary(o) { return o.#summary; }
  static setSummary(o) { o.#summary = 1; }
  static setDeposit(o) { o.#deposit = 1; }
  static readLimit(o) { return o.#limit; }
  static optional(o) { return o?.#balance; }
  static bump(o) { o.#balance++; ++o.#balance; o.#balance += 10; o.#balance ||= 99; return o.#balance; }
  static swap(o, list) { [o.#balance, list[0]] = [list[0], o.#balance]; ({ v: o.#balance } = { v: o.#balance * 2 }); return o.#balance; }
  static findClass(o) { return o.#find; }
}

const acc = new Account('ada', 100);
r.use = [acc.withdraw(30), acc.balance, acc.history(), Account.lookup('ada'), Account.lookup('bob'), Account.count];
r.invisible = [Object.keys(acc), Object.getOwnPropertyNames(acc), Object.getOwnPropertySymbols(acc), JSON.stringify(acc), Object.keys(Account), { ...acc }];
r.brands = [Account.isAccount(acc), Account.isAccount({}), Account.hasDeposit(acc), Account.hasDeposit({}), Account.isClass(Account), Account.isClass(acc), err(() => Account.isAccount(1))];
r.errors = [
  err(() => Account.peek({})),
  err(() => Account.poke({}, 1)),
  err(() => Account.peek(null)),
  err(() => Account.poke(undefined, 1)),
  err(() => Account.callDeposit({})),
  err(() => Account.summary({})),
  err(() => Account.setSummary(acc)),
  err(() => Account.setDeposit(acc)),
  err(() => Account.readLimit(acc)),
  err(() => Account.findClass(acc)),
  err(() => Account.findClass(Account).name),
];
r.optional = [Account.optional(null), Account.optional(acc)];
r.compound = Account.bump(new Account('c', 0));
r.destructure = (() => { const list = [7]; const o = new Account('d', 3); return [Account.swap(o, list), list]; })();
r.summaryGetter = Account.summary(acc);

// Each evaluation of a class body makes new private names.
const make = () => class { #v = 1; static read(o) { return o.#v; } };
const C1 = make(), C2 = make();
r.perEvaluation = [C1.read(new C1()), err(() => C1.read(new C2()))];

// Private fields survive freezing and can be added to non-extensible objects (return override).
class Base { constructor(o) { return o; } }
class Stamp extends Base { #stamp = 'stamped'; static read(o) { return o.#stamp; } }
const frozen = Object.freeze({ a: 1 });
new Stamp(frozen);
r.stampFrozen = [Stamp.read(frozen), Object.isFrozen(frozen), Object.keys(frozen), err(() => new Stamp(frozen))];
class WithMethod extends Base { #m() {} }
r.methodTwice = (() => { const o = {}; new WithMethod(o); return err(() => new WithMethod(o)); })();
r.freezeInstance = (() => { class F { #x = 1; inc() { return ++this.#x; } } const f = Object.freeze(new F()); return [f.inc(), Object.isFrozen(f)]; })();

// Nested classes see outer private names; inner names shadow.
class Outer {
  #secret = 'outer';
  #shadow = 'outer shadow';
  inner() {
    const self = this;
    return new (class {
      #shadow = 'inner shadow';
      read() { return [self.#secret, err(() => self.#shadow), this.#shadow]; }
    })().read();
  }
}
r.nested = new Outer().inner();
r.methodIdentity = (() => { class M { #m() { return this; } get() { return this.#m; } } const a = new M(), b = new M(); return [a.get() === b.get(), a.get().name, a.get().call(5)]; })();
r.accessorNames = (() => { class G { get #g() { return 1; } static names(o) { return typeof o.#g; } } return G.names(new G()); })();
r.staticPrivateThis = (() => { class S { static #n = 1; static #twice() { return this.#n * 2; } static get() { return this.#twice(); } } return [S.get(), err(() => S.get.call({}))]; })();
r.inherited = (() => { class P { #x = 1; static read(o) { return o.#x; } } class Q extends P {} return [P.read(new Q()), err(() => P.read(Object.create(new P())))]; })();
r.result = acc;
return r;
