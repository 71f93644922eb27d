// object and array destructuring in declarations, assignments, parameters and loop heads.
const log = [];
const src = { a: 1, b: { c: 2 }, d: undefined, e: null, 'x y': 3, 5: 'five' };
const { a, b: { c }, d = 'dd', e = 'ee', 'x y': xy, 5: five, ...rest } = src;
log.push(a, c, d, e, xy, five, rest);
const key = 'a';
const { [key]: viaKey, [`${key}z`]: missing = 'm' } = src;
log.push(viaKey, missing);
let p, q, r;
({ a: p, b: { c: q }, zz: r = p + q } = src);
log.push(p, q, r);
const o = {};
({ a: o.first, b: o['second'] } = src);
[o.third, , o.fourth = 4, ...o.rest] = [3, 'skip', undefined, 5, 6];
log.push(o);
let x = 1, y = 2;
[x, y] = [y, x];
log.push(x, y);
const [[n1, [n2]], { m: [n3] }] = [[1, [2]], { m: [3] }];
log.push(n1, n2, n3);
const [s1, s2, ...srest] = 'héllo';
log.push(s1, s2, srest);
function params({ a, b = a * 2 } = {}, [c2, d2 = c2] = [7], ...more) { return [a, b, c2, d2, more]; }
log.push(params(), params({ a: 3 }, [1], 'x', 'y'));
const order = [];
const obj2 = { get g() { order.push('get'); return undefined; } };
const { g = (order.push('default'), 'G') } = obj2;
log.push(g, order);
try { const { z } = null; } catch (err) { log.push(err.constructor.name); }
try { const {} = undefined; } catch (err) { log.push(err.constructor.name); }
try { const [w] = {}; } catch (err) { log.push(err.constructor.name); }
const { length } = 'abc';
log.push(length);
for (const [k, v] of Object.entries({ u: 1, v: 2 })) log.push(k + v);
for (const { id, tags: [first = 'none'] = [] } of [{ id: 1, tags: ['t'] }, { id: 2 }]) log.push(id, first);
let cnt = 0;
const ev = { get k() { cnt++; return 'k'; } };
const { [ev.k]: kk = 'kd' } = {};
log.push(kk, cnt);
return log;
