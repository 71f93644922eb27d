// Stack overflow is an ordinary RangeError the program can catch and recover from.
function f(n) {
  return f(n + 1) + 1;
}
let caught;
try {
  f(0);
} catch (e) {
  caught = e;
}
function depth(n) {
  return n === 0 ? 0 : 1 + depth(n - 1);
}
return { isRangeError: caught instanceof RangeError, message: caught.message, afterwards: depth(1000) };
