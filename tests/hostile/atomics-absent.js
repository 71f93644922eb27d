// Atomics is absent with a clear error (no shared memory): every member names itself, not "undefined is not a function".
return Atomics.add(new Int32Array(4), 0, 1);
