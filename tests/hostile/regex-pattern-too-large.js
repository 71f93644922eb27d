// Patterns far past any real use are V8's SyntaxError at their first match (this engine: when
// compiled), not gigabytes of compiled code or seconds of compiling past the deadline.
const out = [];
for (const n of [1 << 20, 1 << 22]) {
  try {
    out.push(new RegExp('x'.repeat(n)).test('x'));
  } catch (e) {
    out.push(e.name, e.message.slice(-30));
  }
}
return out;
