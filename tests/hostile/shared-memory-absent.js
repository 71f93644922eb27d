// SharedArrayBuffer and Atomics are absent (with a clear error): no shared memory between runs.
const sab = new SharedArrayBuffer(8);
return Atomics.add(new Int32Array(sab), 0, 1);
