// finally overriding completions, nested finally with labels, async finally.
const log = [];
function f1() { try { throw new Error('a'); } finally { return 'finally wins'; } }
function f2() { try { return 'try'; } finally { throw new Error('finally throws'); } }
function f3() { for (let i = 0; i < 3; i++) { try { if (i === 1) throw i; log.push('t' + i); } catch (e) { log.push('c' + e); continue; } finally { log.push('f' + i); } log.push('after' + i); } return 'f3'; }
function f4() { outer: for (const a of [1, 2]) { try { for (const b of [1, 2]) { try { if (b === 2) break outer; } finally { log.push(`in${a}${b}`); } } } finally { log.push('out' + a); } } return 'f4'; }
function f5() { let i = 0; do { try { i++; if (i < 3) continue; } finally { log.push('d' + i); } } while (i < 3); return i; }
function f6() { try { try { throw 'x'; } catch (e) { throw 'y' + e; } finally { log.push('f6 inner'); } } catch (e) { return e; } }
function f7() { const r = []; for (const x of [1, 2, 3]) { try { if (x === 2) return r; r.push(x); } finally { r.push('f' + x); } } }
function f8() { let n = 0; while (true) { try { try { n++; if (n > 2) return n; } finally { if (n === 1) continue; } } finally { log.push('f8-' + n); } } }
function f9() { lbl: { try { break lbl; } finally { log.push('f9 fin'); } } return 'f9'; }
function f10() { try { return (() => { throw new Error('nested'); })(); } catch (e) { return e.message; } finally { log.push('f10'); } }
let e2;
try { f2(); } catch (e) { e2 = e.message; }
log.push(f1(), e2, f3(), f4(), f5(), f6(), f7(), f8(), f9(), f10());
async function af() { try { await Promise.reject(new Error('r')); } finally { await null; log.push('async fin'); } }
try { await af(); } catch (e) { log.push('af ' + e.message); }
async function af2() { for (const x of [1, 2]) { try { await x; if (x === 1) continue; return x; } finally { log.push('af2 ' + x); } } }
log.push(await af2());
return log;
