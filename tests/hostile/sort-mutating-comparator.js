// A comparator that rewrites the array during the sort: any outcome but a crash.
const a = Array.from({ length: 500 }, (_, i) => 500 - i);
a.sort((x, y) => {
  a.length = 3;
  a.push({}, 's', [1]);
  return x - y;
});
return a.length > 0;
