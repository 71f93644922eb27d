// A tight numeric loop: arithmetic, comparisons, a back-edge per iteration.
let acc = 0;
for (let i = 0; i < 3000000; i++) {
  acc = (acc + ((i * i) % 7) - (i & 3)) % 1000003;
}
return acc;
