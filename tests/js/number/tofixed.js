// toFixed / toPrecision / toExponential.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const nums = [0, -0, 1.005, 1.045, 2.5, -2.5, 1.45, 0.000001, 123.456, 1e21, 1e20, -1.5e-10, 1.7976931348623157e308, 5e-324, 0.5, 1.255, 8.345, NaN, Infinity, -Infinity];
return {
  toFixed0: nums.map((n) => n.toFixed()),
  toFixed2: nums.map((n) => n.toFixed(2)),
  toFixed10: nums.map((n) => n.toFixed(10)),
  toFixedMisc: [(1234.5678).toFixed(1), (0.1).toFixed(20), (1e-10).toFixed(100).length, (123).toFixed("2"), (1.5).toFixed(undefined), (2.345).toFixed(2.9)],
  toPrecision: nums.map((n) => n.toPrecision(3)),
  toPrecisionMisc: [(123.456).toPrecision(), (123.456).toPrecision(1), (123.456).toPrecision(2), (123.456).toPrecision(7), (0.00001234).toPrecision(2), (1e21).toPrecision(3), (123456).toPrecision(2), (0).toPrecision(5), (1).toPrecision(100).length, (99.99).toPrecision(3), (-0.0001).toPrecision(1)],
  toExponential: nums.map((n) => n.toExponential()),
  toExponential2: nums.map((n) => n.toExponential(2)),
  toExponentialMisc: [(0).toExponential(3), (123456).toExponential(0), (1.5).toExponential(20), (-1e-7).toExponential(1)],
  errors: [t(() => (1).toFixed(101)), t(() => (1).toFixed(-1)), t(() => (1).toPrecision(0)), t(() => (1).toPrecision(101)), t(() => (1).toExponential(-1)), t(() => (1).toExponential(101)), t(() => NaN.toFixed(200)), NaN.toPrecision(200), Infinity.toExponential(-5)],
  objArgs: [(1.23456).toFixed({ valueOf() { return 3; } }), (1.23456).toPrecision({ valueOf() { return 2; } })],
};
