// join/toString/toLocaleString: separators, null/undefined/holes, number formatting, nested and cyclic arrays.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
r.basic = [[1, 2, 3].join(), [1, 2, 3].join(''), [1, 2, 3].join(' - '), [].join(), [1].join('x'), ['a'].join()];
r.nullish = [[null, undefined, 1].join('-'), [1, , 3].join(), new Array(4).join('ab'), [undefined].join(), [null].join()];
r.numbers = [[0, -0, 1.5, 1e21, 1e-7, 123456789012, NaN, Infinity, -Infinity, 0.1 + 0.2].join(' ')];
r.bools = [true, false].join();
r.sepCoercion = [[1, 2].join(undefined), [1, 2].join(null), [1, 2].join(0), [1, 2].join(true), [1, 2].join({ toString() { return '+'; } })];
r.nested = [[1, [2, [3, 4]], 5].join(';'), String([1, [2, 3]]), [[], [[]], [[], []]].join('|')];
r.objects = [[{}, { toString() { return 'T'; } }, function f() {}.name].join(), [new Error('e').message].join()];
const cyc = [1, 2];
cyc.push(cyc);
r.cyclic = [cyc.join(), String(cyc), cyc.join('-')];
const c2 = ['a'];
const c3 = ['b', c2];
c2.push(c3);
r.cyclic2 = [c2.join(), c3.join()];
r.unicode = ['é', '😀', 'a'].join('·');
r.toString = [[1, 2].toString(), Array.prototype.toString.call({ join() { return 'joined'; } }),
  Array.prototype.toString.call({}), Array.prototype.toString.call({ join: 5 }), Array.prototype.toString.call(5),
  Array.prototype.toString.call('ab')];
r.implicit = [`${[1, 2]}`, [1, 2] + '', [] + [], [3] * 2, [1] == 1];
r.generic = [Array.prototype.join.call({ length: 3, 0: 'a', 2: 'c' }, '/'), Array.prototype.join.call('abc', '.'),
  Array.prototype.join.call({ length: 0 }), Array.prototype.join.call(12)];
const loc = { toLocaleString() { return 'L'; } };
r.toLocaleString = [[loc, null, undefined, loc].toLocaleString(), [].toLocaleString(), ['a', 'b'].toLocaleString(),
  [[loc, loc], loc].toLocaleString()];
r.errors = [err(() => [Symbol('s')].join()), err(() => [1].join(Symbol())), err(() => Array.prototype.join.call(null)),
  err(() => [{ toString() { throw new Error('boom'); } }].join()), err(() => [{ toLocaleString: 1 }].toLocaleString()),
  err(() => [Object.create(null)].join())];
const big = [];
for (let i = 0; i < 5000; i++) big.push(i % 10);
const s = big.join('');
r.big = [s.length, s.slice(0, 12)];
const getterObj = { length: 2, get 0() { return 'G0'; }, 1: 'one' };
r.getter = Array.prototype.join.call(getterObj, '+');
r.lengths = [Array.prototype.join.length, Array.prototype.toString.length, Array.prototype.toLocaleString.length];
return r;
