// A 2 GiB typed array (under V8's length limit) must hit the memory limit before any byte is allocated.
return new Uint8Array(2 ** 31).length;
