// Thenables whose `then` is a getter: resolve(x), Promise.resolve(x), a reaction returning x, an async
// function returning x and `await x` read `then` when the spec says (synchronously in the resolve call,
// ECMA-262 §27.2.1.3.2), so the order of the getter's side effects matches Node.js; a throwing getter
// rejects, a non-callable `then` fulfils.
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
const log5 = [];
const mk5 = (tag, v) => ({ get then() { log5.push(`get ${tag}`); return (res) => { log5.push(`then ${tag}`); res(v); }; } });
async function returnsThenable() { log5.push('body'); return mk5('return', 'R'); }
async function awaitsThenable() { log5.push('before await'); const x = await mk5('await', 'A'); log5.push(`after await ${x}`); return x; }
async function returnsAfterAwait() { await null; log5.push('resumed'); return mk5('late return', 'L'); }
const pr = returnsThenable();
log5.push('after call 1');
const pa = awaitsThenable();
log5.push('after call 2');
const pl = returnsAfterAwait();
log5.push('after call 3');
const r5 = await Promise.all([pr, pa, pl]);
const log6 = [];
async function awaitThrowing() {
  try { await { get then() { log6.push('getter'); throw new TypeError('bad then'); } }; } catch (e) { log6.push(`caught ${e.message}`); }
  return { get then() { log6.push('getter 2'); return 'not callable'; }, v: 6 };
}
const p6 = awaitThrowing();
log6.push('sync');
const r6 = (await p6).v;
return { log, values, log2, r1, r2, log3, r3, log4, r4, log5, r5, log6, r6 };
