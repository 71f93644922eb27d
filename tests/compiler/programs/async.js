// async functions, await ordering, async arrows and methods, await in finally.
const log = [];
async function a1() { log.push('a1 start'); await null; log.push('a1 after'); return 'A1'; }
const p = a1();
log.push('sync');
log.push(await p);
const af = async (x) => { await undefined; return x * 2; };
log.push(await af(21));
try { await (async () => { throw new Error('async boom'); })(); } catch (e) { log.push(e.message); }
async function fin() { try { await Promise.reject(new Error('rej')); } catch (e) { return 'caught ' + e.message; } finally { log.push('fin ran'); } }
log.push(await fin());
const results = await Promise.all([1, 2, 3].map(async (n) => { await null; return n * n; }));
log.push(results);
for (const v of [1, 2]) { log.push(await v); }
const obj = { async m() { return this.v; }, v: 'method' };
log.push(await obj.m());
return log;
