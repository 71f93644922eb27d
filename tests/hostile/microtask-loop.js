// An endless chain of awaits must hit the step limit, not spin forever.
let n = 0;
for (;;) {
  await null;
  n++;
}
