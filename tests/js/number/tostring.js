// Number.prototype.toString(radix) and the default number → string conversion.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const nums = [0, -0, 1, -1, 255, -255, 0.5, 0.1, 1 / 3, 123.456, 1e21, 1e-7, 2 ** 53, 2 ** 53 + 2, 1.7976931348623157e308, 5e-324, NaN, Infinity, -Infinity, 4294967295, 0.000001, 123e-20, 3.14159];
return {
  radix10: nums.map((n) => n.toString()),
  radix2: nums.map((n) => n.toString(2)),
  radix16: nums.map((n) => n.toString(16)),
  radix36: nums.map((n) => n.toString(36)),
  radix7: [10, 0.5, -100.25, 1e20].map((n) => n.toString(7)),
  radixArgs: [(255).toString(undefined), (255).toString("16"), (255).toString(16.9), (255).toString({ valueOf() { return 2; } }), (255).toString(10)],
  radixErrors: [t(() => (1).toString(1)), t(() => (1).toString(37)), t(() => (1).toString(0)), t(() => (1).toString(NaN)), t(() => (1).toString(Infinity))],
  implicit: [String(0.1 + 0.2), `${1e21}`, "" + 1e-7, String(-1e-7), String(123456789012345680000), String(0.000001234)],
};
