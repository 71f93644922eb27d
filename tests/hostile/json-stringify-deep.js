// Stringifying a million-deep array must not crash: RangeError (as Node) or a correct string.
let v = null;
for (let i = 0; i < 1000000; i++) v = [v];
try {
  return JSON.stringify(v).length;
} catch (e) {
  return e.name;
}
