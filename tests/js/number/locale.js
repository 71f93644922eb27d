// Number.prototype.toLocaleString for the en locales.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const nums = [0, -0, 1, -1, 1.0005, 2.0005, 0.0005, 1.2345, 1234.5678, -1234.5678, 1e21, 1.2345678901234568e25, 1e-7, -0.0001, 0.1 + 0.2, 999.9995, 999.9994999, 1.0045, 5e-324, 123456789.12345, 2.5, 0.0015, 8.345, 1000, 999999.9999, NaN, Infinity, -Infinity];
return {
  plain: nums.map((n) => n.toLocaleString()),
  enUS: nums.map((n) => n.toLocaleString("en-US")),
  locales: [(1234.5).toLocaleString("en"), (1234.5).toLocaleString(["en-GB"]), (1234.5).toLocaleString(undefined, undefined)],
  options: [(1.005).toLocaleString(undefined, { maximumFractionDigits: 2 }), (1).toLocaleString(undefined, { minimumFractionDigits: 2 }), (1234.5).toLocaleString(undefined, { useGrouping: false }), (12345).toLocaleString("en-US", { useGrouping: "min2" }), (1234).toLocaleString(undefined, { useGrouping: "min2" }), (1.23456).toLocaleString(undefined, { maximumFractionDigits: 0 }), (2.5).toLocaleString(undefined, { maximumFractionDigits: 0 }), (-2.5).toLocaleString(undefined, { maximumFractionDigits: 0 }), (1).toLocaleString(undefined, { minimumFractionDigits: 5 }), (1.5).toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), (1.123456).toLocaleString(undefined, { minimumFractionDigits: 5 }), (1234567.891).toLocaleString("en-US", { maximumFractionDigits: 2, minimumFractionDigits: 2 }), (5).toLocaleString(undefined, { style: "decimal" })],
  errors: [t(() => (1).toLocaleString(undefined, { maximumFractionDigits: 101 })), t(() => (1).toLocaleString(undefined, { minimumFractionDigits: 3, maximumFractionDigits: 1 })), t(() => Number.prototype.toLocaleString.call("1"))],
};
