// Lengths past V8's limits are RangeErrors the program can catch; garbage buffers are collected, so a
// loop of short-lived 32 MiB buffers finishes within the memory limit.
const err = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
let total = 0;
for (let i = 0; i < 40; i++) total += new Uint8Array(32 << 20).length;
return [err(() => new Uint8Array(2 ** 33)), err(() => new ArrayBuffer(2 ** 53)), err(() => new Int32Array(-5)), total];
