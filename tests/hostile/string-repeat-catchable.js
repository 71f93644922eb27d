// Invalid string length is a catchable RangeError (unless the memory limit, which is uncatchable, hits first).
try {
  'x'.repeat(2 ** 30);
  return 'no error';
} catch (e) {
  return `${e.name}: ${e.message}`;
}
