// BigInt (ECMA-262 §6.1.6.2): an immutable heap cell holding a sign and a magnitude of 64-bit limbs,
// and the arithmetic on such values. The limb arithmetic is GMP's low-level mpn_* layer working on
// buffers this file owns (std::vector), so every allocation is ours and sized before it happens.
//
// Size bound: a result may have at most kMaxBits bits (2^23 = 8,388,608 bits, 1 MiB of limbs, about
// 2.5 million decimal digits). Operations compute the size of their result from the operands first and
// report kTooBig without computing when it would exceed the bound; the VM turns that into V8's
// RangeError "Maximum BigInt size exceeded". (V8's bound is 2^30 bits; ours is smaller so one value
// stays well inside the default memory limit.)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "vm/heap.h"

namespace codemode::vm {

namespace bigint {

constexpr uint64_t kMaxBits = uint64_t{1} << 23;

// A BigInt value outside the heap: sign + magnitude (least significant limb first, no high zero limbs;
// zero is the empty magnitude and never negative).
struct Num {
  bool neg = false;
  std::vector<uint64_t> mag;

  bool is_zero() const { return mag.empty(); }
  static Num FromInt64(int64_t v);
  static Num FromUint64(uint64_t v);
};

enum class Status : uint8_t {
  kOk,
  kTooBig,        // result over kMaxBits: RangeError "Maximum BigInt size exceeded"
  kDivideByZero,  // RangeError "Division by zero"
  kNegativeExp,   // RangeError "Exponent must be non-negative"
};

// Bits of |a| (0 for zero).
uint64_t BitLength(const Num& a);
// Drops high zero limbs; clears the sign of zero.
void Normalize(Num& a);

// §6.1.6.2.1-13. `out` is written only when the result is kOk.
Status Add(const Num& a, const Num& b, Num* out);
Status Sub(const Num& a, const Num& b, Num* out);
Status Mul(const Num& a, const Num& b, Num* out);
Status Div(const Num& a, const Num& b, Num* out);  // truncates toward zero
Status Rem(const Num& a, const Num& b, Num* out);  // sign of the dividend
Status Pow(const Num& a, const Num& b, Num* out);
Status Neg(const Num& a, Num* out);
Status BitNot(const Num& a, Num* out);
Status BitAnd(const Num& a, const Num& b, Num* out);
Status BitOr(const Num& a, const Num& b, Num* out);
Status BitXor(const Num& a, const Num& b, Num* out);
Status ShiftLeft(const Num& a, const Num& b, Num* out);   // a * 2^b (b may be negative)
Status ShiftRight(const Num& a, const Num& b, Num* out);  // floor(a / 2^b)

// BigInt.asIntN / asUintN (§21.2.2.1-2); `bits` is already ToIndex'ed (0 .. 2^53-1).
Status AsUintN(uint64_t bits, const Num& a, Num* out);
Status AsIntN(uint64_t bits, const Num& a, Num* out);

// -1, 0, 1.
int Compare(const Num& a, const Num& b);
// Compares with a Number: -1, 0, 1, or 2 when d is NaN (undefined in the spec).
int CompareToDouble(const Num& a, double d);

// Number(a) (§21.1.1.1 step 2 → 𝔽(ℝ(a))): rounded to nearest, ties to even; ±Infinity past the range.
double ToDouble(const Num& a);
// BigInt from an integral finite double (NumberToBigInt §21.2.1.1.1; the caller checks integrality).
Num FromDouble(double d);

// Digits in `radix` (2..36), lowercase, '-' first when negative (BigInt::toString §6.1.6.2.23).
std::string ToString(const Num& a, int radix);
// StringToBigInt (§7.1.14): StrWhiteSpace around an optional sign + decimal digits or a 0x/0o/0b
// prefixed literal without sign; the empty (or all-space) string is 0n. False when not parseable;
// kTooBig is reported through *too_big.
bool FromString(std::u16string_view s, Num* out, bool* too_big);
// Digits of a numeric literal in `radix` (the compiler's constant: decimal digits with optional '-').
bool FromDigits(std::string_view digits, int radix, Num* out);

// 64-bit hash of the value (Map/Set keys).
uint64_t Hash(const Num& a);

}  // namespace bigint

// The heap cell. Immutable after construction; never shared between heaps except through the realm.
class BigInt final : public HeapCell {
 public:
  explicit BigInt(bigint::Num n) : HeapCell(CellKind::kBigInt), num_(std::move(n)) {}
  const bigint::Num& num() const { return num_; }
  bool is_zero() const { return num_.is_zero(); }
  void Trace(Tracer&) override {}
  size_t ExtraBytes() const override { return num_.mag.capacity() * sizeof(uint64_t); }

 private:
  bigint::Num num_;
};

}  // namespace codemode::vm
