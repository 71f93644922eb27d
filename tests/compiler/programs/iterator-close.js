// for-of and array destructuring call next/return exactly as ECMA-262 IteratorClose requires.
const log = [];
const it = {
  [Symbol.iterator]() {
    let i = 0;
    return { next() { log.push('next' + i); return { value: i, done: i++ >= 3 }; }, return() { log.push('return'); return {}; } };
  }
};
for (const x of it) { if (x == 1) break; }
for (const x of it) { }
try { for (const x of it) { throw new Error('boom'); } } catch (e) { log.push(e.message); }
function f() { for (const x of it) { return x; } }
f();
const [a, b] = it;
log.push(a, b);
const [c, ...rest] = it;
log.push(c, rest);
const [, , , , e = 'dflt'] = it;
log.push(e);
try { const [y = (() => { throw new Error('dflt'); })()] = [undefined]; } catch (err) { log.push(err.message); }
try { const [y = (() => { throw new Error('dflt2'); })()] = it; } catch (err) { log.push(err.message); }
outer: for (const x of it) { for (const y of it) { continue outer; } }
return log;
