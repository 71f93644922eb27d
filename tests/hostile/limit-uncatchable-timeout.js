// Exhausting a limit is uncatchable: neither catch nor finally may turn it into a result.
try {
  for (;;) {}
} catch (e) {
  return 'caught';
} finally {
  return 'escaped through finally';
}
