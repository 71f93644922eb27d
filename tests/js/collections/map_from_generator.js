// Map and Set built from generators (the iteration protocol through the prelude), with early close on error.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
r.map = [...new Map((function* () { yield ['g', 1]; yield ['h', 2]; })())];
r.set = [...new Set((function* () { yield 1; yield 1; yield 2; })())];
let finallyRan = false;
r.closeOnBadEntry = err(() => new Map((function* () { try { yield ['ok', 1]; yield 'bad'; } finally { finallyRan = true; } })()));
r.finallyRan = finallyRan;
return r;
