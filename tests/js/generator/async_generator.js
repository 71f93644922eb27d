// Async generators: await inside, request queueing (next/return/throw before the previous settled),
// return/throw at start and after completion, yield* to async and sync iterables, prototypes.
const err = async (f) => { try { await f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const order = [];
async function* g1() {
  order.push('start');
  const x = yield 'a';
  order.push('got ' + x);
  await null;
  order.push('after await');
  const y = yield Promise.resolve('b');
  order.push('got ' + y);
  return 'done';
}
const i1 = g1();
const ps = [i1.next('n0'), i1.next('n1'), i1.next('n2'), i1.next('n3')];
order.push('sync end');
r.queued = await Promise.all(ps);
r.order = order;
// return() and throw() queued behind a next(); finally blocks run.
const log = [];
async function* g2() { try { yield 1; yield 2; } finally { log.push('finally'); await null; log.push('finally after await'); } }
const i2 = g2();
r.returnQueued = await Promise.all([i2.next(), i2.return('R'), i2.next()]);
r.log = log;
const i3 = g2();
r.throwQueued = await Promise.allSettled([i3.next(), i3.throw(new Error('T')), i3.next()]).then((a) => a.map((x) => x.status + ':' + (x.value ? JSON.stringify(x.value) : x.reason.message)));
// At start and after completion.
const i4 = g2();
r.returnAtStart = [await i4.return(Promise.resolve('early')), await i4.next()];
const i5 = g2();
r.throwAtStart = await err(() => i5.throw(new TypeError('start')));
r.afterThrow = await i5.next();
const i6 = g2();
await i6.next(); await i6.next(); await i6.next();
r.returnAfterDone = await i6.return(Promise.resolve(42));
r.returnRejected = await err(() => i6.return(Promise.reject(new Error('rej'))));
// Errors inside reject the request and complete the generator.
async function* bad() { yield 1; throw new RangeError('inside'); }
const b = bad();
r.bad = [await b.next(), await err(() => b.next()), await b.next()];
// Awaiting a rejected promise inside, caught.
async function* caught() { try { await Promise.reject(new Error('x')); } catch (e) { yield 'caught ' + e.message; } }
r.caught = (await caught().next()).value;
// return with a promise is awaited; yield of a rejected promise throws inside the generator.
async function* retP() { return Promise.resolve('awaited'); }
r.retP = await retP().next();
async function* yieldRej() { try { yield Promise.reject(new Error('yr')); } catch (e) { yield 'recovered ' + e.message; } }
r.yieldRej = (await yieldRej().next()).value;
// yield* to an async generator, a sync array and a sync generator.
async function* inner() { yield 'i1'; await null; yield 'i2'; return 'inner-ret'; }
function* syncGen() { yield 's1'; yield Promise.resolve('s2'); }
async function* outer() { const v = yield* inner(); yield v; yield* [1, Promise.resolve(2)]; yield* syncGen(); }
const got = [];
for await (const v of outer()) got.push(v);
r.delegate = got;
// return() forwarded through yield*.
const closed = [];
async function* in2() { try { yield 1; yield 2; } finally { closed.push('inner'); } }
async function* out2() { try { yield* in2(); } finally { closed.push('outer'); } }
const o2 = out2();
r.delegateReturn = [await o2.next(), await o2.return('x'), closed];
// throw() forwarded into the inner generator's catch.
async function* in3() { try { yield 1; } catch (e) { yield 'inner caught ' + e; } }
async function* out3() { yield* in3(); }
const o3 = out3();
r.delegateThrow = [await o3.next(), await o3.throw('boom'), await o3.next()];
// Prototypes and tags.
async function* ag() {}
const AGP = Object.getPrototypeOf(ag.prototype);
r.tags = [Object.prototype.toString.call(ag()), Object.getPrototypeOf(ag)[Symbol.toStringTag], AGP[Symbol.toStringTag]];
r.asyncIterSelf = (() => { const x = ag(); return x[Symbol.asyncIterator]() === x; })();
r.protoOf = Object.getPrototypeOf(ag()) === ag.prototype;
r.badReceiver = await err(() => AGP.next.call({}));
r.methods = Object.getOwnPropertyNames(AGP).sort();
// Methods in classes and objects.
class Feed { constructor(n) { this.n = n; } async *[Symbol.asyncIterator]() { for (let i = 0; i < this.n; i++) { await null; yield i * 10; } } static async *of(...xs) { yield* xs; } }
const fv = [];
for await (const v of new Feed(3)) fv.push(v);
for await (const v of Feed.of('a', 'b')) fv.push(v);
const obj = { async *gen() { yield 'obj'; } };
for await (const v of obj.gen()) fv.push(v);
r.methodsIn = fv;
return r;
