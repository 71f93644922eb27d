// slice / substring / substr.
const s = "hello\u{1F600}world";
const args = [[], [0], [2], [-3], [-100], [100], [2, 5], [5, 2], [-5, -2], [2, -2], [NaN, 3], [1, NaN], [-Infinity, Infinity], [Infinity], [1.7, 4.2], ["2", "4"], [null, 3], [undefined, 3], [3, undefined], [true, 4]];
return {
  slice: args.map((a) => s.slice(...a)),
  substring: args.map((a) => s.substring(...a)),
  substr: args.map((a) => s.substr(...a)),
  surrogateSplit: [s.slice(0, 6), s.slice(6), s.substring(6, 5)],
  onNumber: [String.prototype.slice.call(1234567, 2, 4), String.prototype.substr.call(false, 1, 2)],
  objects: [s.slice({ valueOf() { return 1; } }, { valueOf() { return 3; } }), s.substring([2], [4])],
  empty: ["".slice(1), "".substring(0, 5), "".substr(-1)],
};
