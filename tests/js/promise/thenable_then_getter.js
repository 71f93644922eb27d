// Thenables whose `then` is a getter: resolve(x), Promise.resolve(x) and a reaction returning x read
// `then` when the spec says (synchronously in the resolve call, ECMA-262 §27.2.1.3.2), so the order of
// the getter's side effects matches Node.js; a throwing getter rejects, a non-callable `then` fulfils.
const log = [];
const mk = (tag, value) => ({ get then() { log.push(`get ${tag}`); return (res) => { log.push(`then ${tag}`); res(value); }; } });
const early = Promise.resolve().then(() => log.push('tick1'));
const viaResolve = new Promise((res) => { res(mk('ctor', 1)); log.push('after res'); });
const viaStatic = Promise.resolve(mk('static', 2));
log.push('sync end');
const values = [await viaResolve, await viaStatic];
await early;
const log2 = [];
const throwing = { get then() { log2.push('getter throws'); throw new RangeError('boom'); } };
const plain = { get then() { log2.push('getter gives a number'); return 42; }, v: 'plain' };
const r1 = await new Promise((res) => res(throwing)).then(() => 'fulfilled', (e) => `${e.name}: ${e.message}`);
const r2 = await Promise.resolve(plain).then((v) => v.v);
const log3 = [];
const chained = Promise.resolve(0).then(() => { log3.push('reaction'); return { get then() { log3.push('get from reaction'); return (r) => r('done'); } }; });
Promise.resolve().then(() => log3.push('other job 1')).then(() => log3.push('other job 2'));
log3.push('sync');
const r3 = await chained;
const log4 = [];
const once = { get then() { log4.push('get'); return (res) => res('x'); } };
const twice = new Promise((res) => { res(once); res(once); log4.push('after both'); });
const r4 = await twice;
return { log, values, log2, r1, r2, log3, r3, log4, r4 };
