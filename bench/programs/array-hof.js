// Array higher-order functions: map, filter, reduce, some, find over numbers and objects.
const xs = Array.from({ length: 20000 }, (_, i) => i);
let result = 0;
for (let round = 0; round < 20; round++) {
  const ys = xs.map((x) => x * 3 + round).filter((x) => x % 2 === 0);
  const objs = ys.map((y) => ({ y, half: y / 2 }));
  result += objs.reduce((s, o) => s + o.half, 0);
  if (objs.some((o) => o.y < 0)) result = -1;
  result += objs.find((o) => o.y > 1000).y;
}
return result;
