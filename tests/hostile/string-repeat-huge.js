// A 2^30-character string is over the maximum string length (or the memory limit).
return 'x'.repeat(2 ** 30).length;
