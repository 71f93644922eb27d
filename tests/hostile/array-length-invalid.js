// Array lengths beyond 2^32-1 are a RangeError; the largest index still works on a sparse array.
const a = [];
a[4294967294] = 1;
let message;
try {
  [].length = 2 ** 32;
  message = 'no error';
} catch (e) {
  message = `${e.name}: ${e.message}`;
}
return { length: a.length, message };
