// BigInt operators (ECMA-262 §6.1.6.2): arithmetic, bitwise, shifts, unary, ++/--, mixing errors.
const t = (f) => { try { const v = f(); return typeof v === 'bigint' ? `${v}n` : v; } catch (e) { return `${e.name}: ${e.message}`; } };
const s = (v) => (typeof v === 'bigint' ? `${v}n` : v);
const a = 123456789012345678901234567890n, b = -987654321987654321n;
let i = 5n;
const post = [s(i++), s(i), s(++i), s(i--), s(--i)];
return {
  literals: [0x1Fn, 0o17n, 0b1011n, 1_000_000n, 0n, -0n, 0xFFFF_FFFF_FFFF_FFFF_FFFFn].map(s),
  typeof: [typeof 1n, typeof Object(1n), typeof BigInt(1)],
  arith: [a + b, a - b, a * b, a / b, a % b, b / 7n, b % 7n, -a, 2n ** 100n, (-3n) ** 33n, 0n ** 0n, 7n / -2n, -7n % 2n].map(s),
  bitwise: [a & b, a | b, a ^ b, ~a, ~b, -1n & 0xffn, -256n | 15n, 5n ^ -3n, a << 70n, a >> 70n, b >> 3n, b << -3n, -1n >> 1000n, 1n << 0n].map(s),
  post,
  compound: (() => { let x = 10n; x += 5n; x *= 3n; x -= 1n; x **= 2n; x /= 7n; x %= 100n; x <<= 3n; x >>= 1n; x &= 0xffn; x |= 256n; x ^= 1n; return s(x); })(),
  errors: [t(() => 1n + 1), t(() => 1 * 2n), t(() => +1n), t(() => 1n >>> 0n), t(() => 1n / 0n), t(() => 1n % 0n), t(() => 2n ** -1n), t(() => Math.abs(1n)), t(() => 1n + Symbol()), t(() => { let x = 1n; x += 1; return x; })],
  strings: [1n + 'x', 'x' + 2n, `${-3n}`, [1n, 2n].join(), String(-0n), 10n + '' + 10n],
  huge: [t(() => 1n << 100000000000n), t(() => BigInt.asUintN(2 ** 40, -1n)), t(() => 0n ** 100000000000000000000n), t(() => (-1n) ** 100000000000000000001n), t(() => 0n << 100000000000n), t(() => 5n >> 100000000000000000000n)],
};
