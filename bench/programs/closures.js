// Closures and callbacks: counters, composed functions, callbacks passed through helpers.
function makeCounter(step) {
  let n = 0;
  return () => (n += step);
}
const compose = (f, g) => (x) => f(g(x));
const inc = (x) => x + 1;
const dbl = (x) => x * 2;
function each(n, cb) {
  for (let i = 0; i < n; i++) cb(i);
}
let total = 0;
for (let k = 0; k < 80; k++) {
  const counter = makeCounter(k);
  const h = compose(inc, dbl);
  each(5000, (i) => {
    total = (total + h(i) + counter()) % 1000000007;
  });
}
return total;
