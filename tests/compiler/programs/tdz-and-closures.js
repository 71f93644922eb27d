// TDZ errors, const assignment, typeof, and per-iteration bindings captured by closures.
const log = [];
try { tdz; let tdz = 1; } catch (e) { log.push(e.constructor.name, e.message); }
try { const c = 1; c = 2; } catch (e) { log.push(e.constructor.name, e.message); }
try { let z = z + 1; } catch (e) { log.push(e.constructor.name); }
function early() { return later; }
try { early(); } catch (e) { log.push('early ' + e.constructor.name); }
let later = 'L';
log.push(early());
switch (1) { case 0: let sv = 1; case 1: try { sv; } catch (e) { log.push('switch ' + e.constructor.name); } }
try { undeclaredVar; } catch (e) { log.push(e.constructor.name, e.message); }
log.push(typeof undeclaredVar, typeof later, typeof null, typeof (() => 1), typeof {});
try { typeof tdz2; let tdz2; } catch (e) { log.push('typeof tdz ' + e.constructor.name); }
const fns = [];
for (let i = 0; i < 3; i++) fns.push(() => i);
for (const k in { a: 1, b: 2 }) fns.push(() => k);
for (const v of ['x', 'y']) fns.push(() => v);
let w = 0;
while (w < 2) { let j = w; fns.push(() => j); w++; }
for (var vi = 0; vi < 2; vi++) fns.push(() => vi);
log.push(fns.map(f => f()));
const fns2 = [];
for (let i = 0; i < 3; i++) { fns2.push(() => i); i++; }
log.push(fns2.map(f => f()));
let closured = 0;
const inc = () => ++closured;
inc(); inc();
log.push(closured);
function counter() { let n = 0; return { up: () => ++n, get: () => n }; }
const cA = counter(), cB = counter();
cA.up(); cA.up(); cB.up();
log.push(cA.get(), cB.get());
function deep() { let v = 1; return () => () => () => v++; }
const d3 = deep()()();
d3(); log.push(d3());
return log;
