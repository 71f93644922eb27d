// Recursive Fibonacci: calls, returns, integer arithmetic.
function fib(n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
return fib(27);
