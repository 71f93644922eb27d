// An inconsistent comparator gives an unspecified order but must never break the engine:
// the result is still a permutation of the input.
const a = Array.from({ length: 2000 }, (_, i) => i);
let flip = 0;
a.sort(() => ((flip = (flip * 1103515245 + 12345) % 2147483648) & 1 ? 1 : -1));
return a.length === 2000 && a.slice().sort((x, y) => x - y).every((v, i) => v === i);
