// for await…of over async iterables, sync iterables of promises (AsyncFromSyncIterator), user
// iterators, with break/return/throw closing the iterator and the TypeErrors of the protocol.
const err = async (f) => { try { await f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
const arr = [];
for await (const x of [1, Promise.resolve(2), 3]) arr.push(x);
r.syncOfPromises = arr;
const str = [];
for await (const c of 'ab') str.push(c);
r.string = str;
// A user async iterator; break calls return and awaits it.
const log = [];
const src = {
  [Symbol.asyncIterator]() {
    let i = 0;
    return {
      next() { log.push('next'); i++; return Promise.resolve({ value: i, done: i > 5 }); },
      return() { log.push('return'); return Promise.resolve({ done: true }); },
    };
  },
};
const seen = [];
for await (const v of src) { seen.push(v); if (v === 2) break; }
r.breakCloses = [seen, log.slice()];
log.length = 0;
async function find() { for await (const v of src) { if (v === 3) return v; } }
r.returnCloses = [await find(), log.slice()];
log.length = 0;
r.throwCloses = [await err(async () => { for await (const v of src) { throw new Error('body ' + v); } }), log.slice()];
// Sync iterator closed when the loop exits early.
const syncLog = [];
const syncSrc = { [Symbol.iterator]() { let i = 0; return { next() { return { value: i++, done: false }; }, return() { syncLog.push('sync return'); return {}; } }; } };
for await (const v of syncSrc) { if (v === 1) break; }
r.syncClose = syncLog;
// A rejected value ends the loop with the rejection.
r.rejectedValue = await err(async () => { for await (const v of [1, Promise.reject(new Error('nope'))]) {} });
// Protocol errors.
r.notIterable = await err(async () => { for await (const v of 5) {} });
r.badResult = await err(async () => { for await (const v of { [Symbol.asyncIterator]() { return { next() { return 3; } }; } }) {} });
r.badIterator = await err(async () => { for await (const v of { [Symbol.asyncIterator]() { return 7; } }) {} });
r.badReturn = await err(async () => { for await (const v of { [Symbol.asyncIterator]() { return { next() { return { done: false, value: 1 }; }, return() { return 5; } }; } }) { break; } });
// Destructuring heads, let per iteration, continue, labels.
const pairs = [];
const closures = [];
outer: for await (const [k, v] of new Map([['a', 1], ['b', 2], ['c', 3]])) {
  if (k === 'b') continue outer;
  pairs.push(k + v);
  closures.push(() => k);
}
r.destructure = [pairs, closures.map((f) => f())];
// Async generator consumed with tool-like awaits in the body.
async function* pages() { for (let p = 1; p <= 3; p++) { await null; yield [p * 2 - 1, p * 2]; } }
const all = [];
for await (const page of pages()) for (const x of page) all.push(x);
r.pages = all;
// for await in an async arrow and with an existing variable as the target.
let last;
await (async () => { for await (last of [7, 8]); })();
r.last = last;
return r;
