// The tool-call limit cannot be caught and ignored.
let n = 0;
for (let i = 0; i < 10000; i++) {
  try {
    await tools.util.echo({ i });
    n++;
  } catch (e) {
    // keep going
  }
}
return n;
