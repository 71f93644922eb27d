// BigInt meets the Number, String, Math and global built-ins.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
return {
  number: [Number(123n), Number(-(2n ** 64n)), Number(2n ** 1024n), Number(9007199254740993n), new Number(5n).valueOf(), Number({ valueOf() { return 10n; } })],
  boolean: [Boolean(0n), Boolean(1n)],
  string: [String(10n), "a1b".indexOf(1n), t(() => "abc".charAt(1n))],
  math: [t(() => Math.abs(1n)), t(() => Math.max(1, 2n)), t(() => Math.floor(1n)), (() => { try { Math.sumPrecise([1n]); return "no error"; } catch (e) { return e.name; } })()],
  globals: [t(() => isFinite(1n)), parseInt(10n), parseFloat(10n)],
};
