// A 128 MiB string from join must hit a 32 MiB memory limit.
return new Array(2 ** 24).join('abcdefgh').length;
