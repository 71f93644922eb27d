// Huge BigInt results must end in a catchable RangeError "Maximum BigInt size exceeded" before any work,
// and a loop squaring a BigInt must hit the size bound (or a limit), never hang or crash.
const t = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
let x = 3n;
const squaring = t(() => { for (;;) x = x * x; });
return {
  pow: t(() => 2n ** 100000000n),
  powHuge: t(() => 7n ** (2n ** 80n)),
  shift: t(() => 1n << 100000000000n),
  shiftSmall: t(() => 1n << 9000000n),
  asUintN: t(() => BigInt.asUintN(2 ** 53 - 1, -1n)),
  parse: t(() => BigInt('9'.repeat(3000000))),
  squaring,
  bitsAfterSquaring: x.toString(16).length * 4 > 4000000,
};
