// Spread in calls, `new`, array and object literals: iterables (strings by code point, Set, Map,
// generators, holes), array-likes refused, and object spread of null/undefined/strings/arrays.
const r = {};
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
function args() { return Array.from(arguments); }
r.calls = [args(...[1, 2], 3, ...'ab'), Math.max(...[3, 9, 4]), args(...new Set([1, 1, 2])), args(...[, 'hole'])];
r.callsMap = args(...new Map([['k', 1], ['j', 2]]));
function* gen() { yield 'g1'; yield 'g2'; }
r.generator = [...gen(), ...gen()];
r.surrogates = [...'a😀b'].length;
class P { constructor(...xs) { this.xs = xs; } }
r.newSpread = new P(...[1, 2], ...'yz').xs;
r.dateSpread = new Date(...[2020, 0, 2]).getFullYear();
const holes = [...[1, , 3]];
r.arrayHoles = [holes.length, 1 in holes, holes[1] === undefined];
r.nested = [...[...[1, [2]], 3]];
r.notIterable = [err(() => [...{}]), err(() => args(...123)), err(() => [...{ length: 1, 0: 'x' }])];
r.objectSpread = { ...null, ...undefined, ...'hi', ...[7, 8], ...{ a: 1, b: 2 }, b: 3, ...5, ...true };
const getterSrc = { get g() { return 'got'; } };
const copy = { ...getterSrc };
r.objectSpreadGetter = [copy.g, typeof Object.getOwnPropertyDescriptor(copy, 'g').get];
const sym = Symbol('s');
const withSym = { ...{ [sym]: 1, x: 2 } };
r.objectSpreadSymbol = [withSym[sym], Object.keys(withSym)];
const hidden = Object.defineProperty({ shown: 1 }, 'hidden', { value: 2, enumerable: false });
r.objectSpreadEnumerable = { ...hidden };
const order = { ...{ b: 1, 2: 'two', a: 2, 1: 'one' } };
r.objectSpreadOrder = Object.keys(order);
let calls = 0;
const tracked = { get x() { calls++; return calls; } };
r.objectSpreadEvaluatesOnce = [{ ...tracked, ...tracked }.x, calls];
const proto = { inherited: 1 };
r.objectSpreadOwnOnly = { ...Object.create(proto, { own: { value: 2, enumerable: true } }) };
return r;
