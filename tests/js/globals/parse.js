// parseInt / parseFloat / isNaN / isFinite.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const S = (x) => Object.is(x, -0) ? "-0" : String(x);
const ints = [["0x1f", 16], ["0x1f"], ["1f", 16], ["0x1f", 10], ["  42abc"], ["-0"], ["-0x10"], ["+12"], [""], ["abc"], ["12", 2], ["102", 2], ["z", 36], ["Z", 36], ["10", 37], ["10", 1], ["10", 0], ["10", -1], ["10", 4294967312], ["10", 2 ** 31 + 16], ["9007199254740993"], ["123456789012345678901234567890"], ["1e3"], ["0.00000001"], [1e21], [0.0000005], ["\u00a0\u3000 7"], ["0b11"], ["0o7"], [null, 36], [undefined, 36], ["Infinity"], ["-"], ["0x"], ["11", 3.9], ["11", NaN], ["ff", "16"], ["777", 8], ["1010101010101010101010101010101010101010101010101010101", 2]];
const floats = ["3.14", "  -1.5e3xyz", ".5", "-.5e-3", "1e1000", "-1e1000", "Infinity", "-Infinityx", "infinity", "0x10", "1e", "1e+", "12.e2", "+", "", "   ", "1_000", "\n2", "1.7976931348623159e308", "4.9e-324", "2.4e-324", "0.1e-400", "-0", "00.5", "1.5e3.2", "5e-7"];
return {
  parseInt: ints.map((a) => S(parseInt(...a))),
  parseFloat: floats.map((s) => S(parseFloat(s))),
  coerced: [parseInt({ toString() { return "77"; } }), parseInt("11", { valueOf() { return 2; } }), parseFloat([3.5]), parseFloat(true), S(parseFloat())],
  order: (() => { const log = []; parseInt({ toString() { log.push("s"); return "1"; } }, { valueOf() { log.push("r"); return 10; } }); return log; })(),
  isNaN: [isNaN(NaN), isNaN("abc"), isNaN("12"), isNaN(undefined), isNaN(null), isNaN({}), isNaN([]), isNaN(" ")],
  isFinite: [isFinite(1), isFinite("1e3"), isFinite(Infinity), isFinite("x"), isFinite(null), isFinite(undefined)],
  errors: [t(() => parseInt(Symbol())), t(() => isNaN(Symbol()))],
  lengths: [parseInt.length, parseFloat.length, isNaN.length, isFinite.length, parseInt.name],
};
