// Map and Set live iteration: entries added during iteration are visited, deleted ones skipped, clear(),
// forEach arguments and thisArg, many deletions (compaction) while an iterator is paused.
const r = {};
const m = new Map([[1, 'a'], [2, 'b'], [3, 'c']]);
const seen = [];
for (const [k, v] of m) {
  seen.push(k + v);
  if (k === 1) { m.delete(2); m.set(4, 'd'); }
  if (k === 4) m.set(1, 'A');
}
r.liveFor = seen;
r.after = [...m];
const s = new Set([1, 2, 3]);
const seenS = [];
for (const x of s) { seenS.push(x); if (x === 1) { s.delete(2); s.add(4); } }
r.liveSet = seenS;
const s2 = new Set([1, 2, 3]);
const seen2 = [];
for (const x of s2) { seen2.push(x); if (x === 1) { s2.clear(); s2.add(9); } }
r.clearDuring = seen2;
const fe = [];
new Map([['k', 'v']]).forEach(function (value, key, map) { fe.push([value, key, map instanceof Map, this.tag]); }, { tag: 'this' });
new Set(['x']).forEach(function (value, key, set) { fe.push([value, key, set instanceof Set, this === undefined]); });
r.forEach = fe;
const grow = new Map([[0, 0]]);
let visits = 0;
grow.forEach((v, k) => { visits++; if (k < 5) grow.set(k + 1, 0); });
r.forEachGrows = [visits, grow.size];
// Pause an iterator, delete most entries (the table compacts), then resume: order is kept.
const big = new Map();
for (let i = 0; i < 200; i++) big.set(i, i);
const it = big.keys();
const firstTen = [];
for (let i = 0; i < 10; i++) firstTen.push(it.next().value);
for (let i = 0; i < 190; i++) if (i % 10 !== 0) big.delete(i);
big.set('new', 1);
const rest = [];
for (let x = it.next(); !x.done; x = it.next()) rest.push(x.value);
r.compaction = [firstTen, rest, big.size];
// Delete-and-reinsert churn keeps the size right and the order of insertion.
const churn = new Map();
for (let i = 0; i < 1000; i++) { churn.set(i % 7, i); if (i % 3 === 0) churn.delete((i + 1) % 7); }
r.churn = [...churn];
const doneIt = new Set([1]).values();
doneIt.next(); doneIt.next();
r.doneStaysDone = doneIt.next();
const setIt = new Set(['a', 'b']).entries();
r.setEntries = [setIt.next().value, Object.prototype.toString.call(setIt)];
const mapIt = new Map([['a', 1]]).keys();
r.mapKeysIterTag = [Object.prototype.toString.call(mapIt), Object.getPrototypeOf(Object.getPrototypeOf(mapIt)) === Object.getPrototypeOf(Object.getPrototypeOf([].values()))];
return r;
