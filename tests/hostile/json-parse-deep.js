// A million-deep JSON text: parse must fail cleanly (or succeed without recursing on the C++ stack).
const text = '['.repeat(1000000) + ']'.repeat(1000000);
try {
  let d = 0;
  for (let x = JSON.parse(text); Array.isArray(x) && x.length; x = x[0]) d++;
  return d;
} catch (e) {
  return e.name;
}
