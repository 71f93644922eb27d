// tsc's output for erasure.ts, target ES2022 (hand-written twin; see tests/js/ts/README.md).
const log = [];
class Base {
    id;
    constructor(id) {
        this.id = id;
        log.push('Base ' + id);
    }
}
class Animal extends Base {
    name;
    secret;
    kind = 'animal:' + this.id;
    constructor(id, name, secret) {
        super(id);
        this.name = name;
        this.secret = secret;
        log.push('Animal ' + this.kind + ' ' + this.name);
    }
    describe() { return `${this.name} says ${this.speak()}`; }
    hasSecret() { return this.secret !== undefined; }
}
class Dog extends Animal {
    tricks;
    legs;
    speak() { return 'woof'; }
    constructor(id, name, tricks = []) {
        log.push('Dog before super');
        super(id, name);
        this.tricks = tricks;
        log.push('Dog after super ' + this.tricks.length);
    }
}
function pick(x) { return x; }
function withThis(k) { return this.v * k; }
const identity = (x) => x;
const conf = { mode: 'fast', retries: 3 };
let maybe = 'set';
const len = maybe.length;
const casted = 'abc'.length + 123;
const d = new Dog(7, 'rex', ['sit']);
return {
    log,
    describe: d.describe(),
    own: Object.keys(d),
    hasExtra: 'extra' in d,
    hasLegs: Object.hasOwn(d, 'legs'),
    legs: d.legs ?? 'undefined',
    secret: d.hasSecret(),
    pick: [pick(1), pick('a')],
    withThis: withThis.call({ v: 6 }, 7),
    identity: identity('id'),
    conf,
    len,
    casted,
    generic: new Map([['a', [1, 2]]]).get('a'),
};
