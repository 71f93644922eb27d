// switch fallthrough, labeled break/continue, loops, for-in, conditions.
const log = [];
function sw(x) {
  const out = [];
  switch (x) {
    case 1: out.push('one');
    case 2: out.push('two'); break;
    default: out.push('default');
    case 3: out.push('three');
    case '4': { out.push('four-str'); break; }
    case 5: out.push('five');
  }
  return out.join('|');
}
log.push(sw(1), sw(2), sw(3), sw(99), sw('4'), sw(4), sw(5));
function sw2(x) { switch (x) { case 'a': return 'A'; } return 'none'; }
log.push(sw2('a'), sw2('b'));
let evals = [];
switch (3) { case (evals.push(1), 1): case (evals.push(3), 3): evals.push('body'); break; case (evals.push(4), 4): }
log.push(evals);
outer: for (let i = 0; i < 3; i++) {
  inner: for (let j = 0; j < 3; j++) {
    if (j === 1) continue outer;
    if (i === 2) break outer;
    log.push(`${i}${j}`);
  }
}
blk: { log.push('in block'); if (log.length) break blk; log.push('not reached'); }
let k = 0;
do { k++; if (k === 2) continue; if (k > 4) break; } while (k < 10);
log.push(k);
let wcount = 0;
while (true) { if (++wcount >= 3) break; }
log.push(wcount);
for (;;) { log.push('once'); break; }
const keys = [];
const base = { inh: 1 };
const derived = Object.create(base);
derived.own = 2; derived[1] = 'one'; derived.b = 3;
for (const key in derived) keys.push(key);
for (const key in null) keys.push('never');
for (var vk in { z: 1 }) {}
log.push(keys, vk);
let lastK;
for (lastK in { p: 1, q: 2 }) {}
log.push(lastK);
const holder = {};
for (holder.prop of [1, 2]) {}
log.push(holder.prop);
let ifv;
if (0) ifv = 'a'; else if ('') ifv = 'b'; else if ([]) ifv = 'c'; else ifv = 'd';
log.push(ifv);
log.push(0 || null || 'x', 1 && 0 && 2, null ?? 0 ?? 1, (null || undefined) ?? 'n');
const cond = (v) => v > 0 ? 'pos' : v < 0 ? 'neg' : 'zero';
log.push(cond(1), cond(-1), cond(0));
let x = 0;
if (x == null) log.push('nullish'); else log.push('not nullish');
if (x === undefined) log.push('undef'); else log.push('defined');
let u;
if (u == null && u === undefined) log.push('u nullish');
if (!(u != null)) log.push('double neg');
return log;
