// ArrayBuffers kept alive one after another: their bytes count against the memory limit.
const keep = [];
for (let i = 0; i < 100000; i++) keep.push(new ArrayBuffer(8 << 20));
return keep.length;
