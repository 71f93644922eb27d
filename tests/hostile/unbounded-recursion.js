// Unbounded recursion is a RangeError, not a crash of the process.
function f() {
  return f();
}
f();
