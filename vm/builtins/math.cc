// The Math object (ECMA-262 §21.3) plus Math.f16round (ES2025) and Math.sumPrecise (TC39 proposal,
// exact summation). Math.sumPrecise's iteration is in the prelude (vm/prelude/20-string.js); the
// exact sum of the collected numbers is here.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "vm/builtins/primitives_internal.h"
#include "vm/support/numconv.h"
#include "xxhash.h"

namespace codemode::vm {
namespace {

using prim::NeedsRecall;
using prim::Recall;

// ---------------------------------------------------------------------------- one-argument
// functions

double MathSign(double x) {
  if (std::isnan(x) || x == 0) return x;
  return x > 0 ? 1 : -1;
}
double MathFround(double x) { return static_cast<double>(static_cast<float>(x)); }
double MathClz32(double x) {
  uint32_t n = support::ToUint32(x);
  return n == 0 ? 32 : std::countl_zero(n);
}

// Math.f16round (ECMA-262 2025 §21.3.2.17): the nearest IEEE binary16 value, ties to even, rounded
// directly from the double (not through float, which could round twice).
double MathF16round(double x) {
  if (std::isnan(x) || std::isinf(x) || x == 0) return x;
  double a = std::fabs(x);
  // Quantum of binary16 at a: 2^-24 for subnormals (a < 2^-14), else 2^(e - 10) for a in [2^e,
  // 2^e+1).
  int e2;
  std::frexp(a, &e2);  // a = m · 2^e2, m in [0.5, 1)
  int e = e2 - 1;
  int q = e < -14 ? -24 : e - 10;
  double r = std::ldexp(std::nearbyint(std::ldexp(a, -q)), q);  // exact scaling; ties to even
  if (r > 65504) r = INFINITY;
  return std::signbit(x) ? -r : r;
}

double MathRound(double x) { return support::MathRound(x); }

using UnaryFn = double (*)(double);
struct UnaryEntry {
  const char* name;
  UnaryFn fn;
};
constexpr UnaryEntry kUnary[] = {
    {"abs", [](double x) { return std::fabs(x); }},
    {"acos", [](double x) { return std::acos(x); }},
    {"acosh", [](double x) { return std::acosh(x); }},
    {"asin", [](double x) { return std::asin(x); }},
    {"asinh", [](double x) { return std::asinh(x); }},
    {"atan", [](double x) { return std::atan(x); }},
    {"atanh", [](double x) { return std::atanh(x); }},
    // glibc's cbrt is off by an ulp for inputs like 27; the long double result rounds correctly.
    {"cbrt", [](double x) { return static_cast<double>(std::cbrt(static_cast<long double>(x))); }},
    {"ceil", [](double x) { return std::ceil(x); }},
    {"clz32", MathClz32},
    {"cos", [](double x) { return std::cos(x); }},
    {"cosh", [](double x) { return std::cosh(x); }},
    {"exp", [](double x) { return std::exp(x); }},
    {"expm1", [](double x) { return std::expm1(x); }},
    {"f16round", MathF16round},
    {"floor", [](double x) { return std::floor(x); }},
    {"fround", MathFround},
    {"log", [](double x) { return std::log(x); }},
    {"log1p", [](double x) { return std::log1p(x); }},
    {"log10", [](double x) { return std::log10(x); }},
    {"log2", [](double x) { return std::log2(x); }},
    {"round", MathRound},
    {"sign", MathSign},
    {"sin", [](double x) { return std::sin(x); }},
    {"sinh", [](double x) { return std::sinh(x); }},
    {"sqrt", [](double x) { return std::sqrt(x); }},
    {"tan", [](double x) { return std::tan(x); }},
    {"tanh", [](double x) { return std::tanh(x); }},
    {"trunc", [](double x) { return std::trunc(x); }},
};

// Every one-argument Math function: ToNumber(x), then the function (magic indexes kUnary).
Value MathUnary(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-n")) return Recall(vm, args, "-n");
  double x;
  if (!prim::ToNumberArg(vm, args[0], &x)) return Value::Empty();
  int32_t magic = static_cast<NativeFunction*>(args.callee)->magic;
  return Value::Number(kUnary[magic].fn(x));
}

// ---------------------------------------------------------------------------- several arguments

// Coerces every argument with ToNumber (all of them first, as the spec orders it). False after
// throwing; `*recall` set when an object needs program code.
bool CoerceAll(VM& vm, CallArgs& args, std::vector<double>* out) {
  out->resize(args.argc);
  for (uint32_t i = 0; i < args.argc; ++i)
    if (!prim::ToNumberArg(vm, args.argv[i], &(*out)[i])) return false;
  return true;
}

enum Binary : int32_t { kAtan2, kImul, kPow };

// Math.atan2(y, x) (§21.3.2.8), Math.imul(x, y) (§21.3.2.19), Math.pow(base, exponent)
// (§21.3.2.26).
Value MathBinary(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-nn")) return Recall(vm, args, "-nn");
  double a, b;
  if (!prim::ToNumberArg(vm, args[0], &a) || !prim::ToNumberArg(vm, args[1], &b))
    return Value::Empty();
  switch (static_cast<Binary>(static_cast<NativeFunction*>(args.callee)->magic)) {
    case kAtan2:
      return Value::Number(std::atan2(a, b));
    case kImul: {
      uint32_t p = support::ToUint32(a) * support::ToUint32(b);  // modulo 2^32
      return Value::Number(static_cast<int32_t>(p));
    }
    case kPow:
      return Value::Number(support::NumberExponentiate(a, b));
  }
  return Value::Undefined();
}

// Math.max (§21.3.2.24) and Math.min (§21.3.2.25); magic 0 max, 1 min.
Value MathMaxMin(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-n*")) return Recall(vm, args, "-n*");
  std::vector<double> xs;
  if (!CoerceAll(vm, args, &xs)) return Value::Empty();
  bool is_min = static_cast<NativeFunction*>(args.callee)->magic == 1;
  double r = is_min ? INFINITY : -INFINITY;
  for (double x : xs) {
    if (std::isnan(x)) return Value::Number(NAN);
    if (is_min) {
      if (x < r || (x == 0 && r == 0 && std::signbit(x))) r = x;
    } else {
      if (x > r || (x == 0 && r == 0 && !std::signbit(x))) r = x;
    }
  }
  return Value::Number(r);
}

// Math.hypot(...args) (§21.3.2.18): scaled by the largest magnitude with a compensated sum of
// squares (the algorithm V8 uses, so results agree to the last bit).
Value MathHypot(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-n*")) return Recall(vm, args, "-n*");
  std::vector<double> xs;
  if (!CoerceAll(vm, args, &xs)) return Value::Empty();
  bool has_nan = false;
  double max = 0;
  for (double x : xs) {
    if (std::isinf(x)) return Value::Number(INFINITY);
    if (std::isnan(x)) has_nan = true;
    max = std::max(max, std::fabs(x));
  }
  if (has_nan) return Value::Number(NAN);
  if (max == 0) return Value::Number(0);
  double sum = 0, compensation = 0;
  for (double x : xs) {
    double n = std::fabs(x) / max;
    double summand = n * n - compensation;
    double preliminary = sum + summand;
    compensation = (preliminary - sum) - summand;
    sum = preliminary;
  }
  return Value::Number(std::sqrt(sum) * max);
}

// ---------------------------------------------------------------------------- Math.random

}  // namespace

void VM::SeedRandom(std::string_view run_id) {
  XXH128_hash_t h = XXH3_128bits(run_id.data(), run_id.size());
  random_.Seed(h.low64, h.high64);
}

namespace {

// Math.random() (§21.3.2.27): 53 bits of the run's generator (VM::random, per run, saved in
// snapshots) scaled into [0, 1).
Value MathRandom(VM& vm, CallArgs& args) { return Value::Number(vm.random().NextDouble()); }

// ---------------------------------------------------------------------------- Math.sumPrecise

// Exact sum of doubles: a two's-complement fixed-point integer in units of 2^-1074 (the smallest
// subnormal). Every finite double is an integer multiple of that unit below 2^2098; 36 limbs leave
// room for 2^53 additions plus the sign, so the sum is exact and rounded once at the end.
class ExactSum {
 public:
  void Add(double x) {
    uint64_t bits = std::bit_cast<uint64_t>(x);
    bool negative = (bits >> 63) != 0;
    int biased = static_cast<int>((bits >> 52) & 0x7FF);
    uint64_t mant = bits & ((uint64_t{1} << 52) - 1);
    int shift = 0;
    if (biased != 0) {
      mant |= uint64_t{1} << 52;
      shift = biased - 1;
    }
    if (mant == 0) return;
    size_t i = static_cast<size_t>(shift / 64);
    int o = shift % 64;
    uint64_t lo = mant << o;
    uint64_t hi = o == 0 ? 0 : mant >> (64 - o);
    if (negative) {
      Sub(i, lo, hi);
    } else {
      AddAt(i, lo, hi);
    }
  }

  // The sum rounded to nearest, ties to even; ±Infinity beyond the double range; zero → +0.
  double Round() const {
    uint64_t mag[kLimbs];
    bool negative = (limbs_[kLimbs - 1] >> 63) != 0;
    std::copy(limbs_, limbs_ + kLimbs, mag);
    if (negative) {  // two's-complement negation
      uint64_t carry = 1;
      for (auto& l : mag) {
        l = ~l + carry;
        carry = (carry && l == 0) ? 1 : 0;
      }
    }
    int top = -1;
    for (int i = kLimbs - 1; i >= 0; --i)
      if (mag[i] != 0) {
        top = i * 64 + 63 - std::countl_zero(mag[i]);
        break;
      }
    if (top < 0) return 0.0;
    auto bit = [&](int b) { return b >= 0 && ((mag[b / 64] >> (b % 64)) & 1) != 0; };
    double r;
    if (top < 53) {
      r = std::ldexp(static_cast<double>(mag[0]), -1074);  // exact: below 2^53 units
    } else {
      uint64_t m = 0;
      for (int b = top; b > top - 53; --b) m = (m << 1) | (bit(b) ? 1 : 0);
      int low = top - 52;  // exponent (in units) of m's last bit
      bool guard = bit(low - 1);
      // Sticky: any set bit below the guard bit, i.e. in bits [0, low - 1).
      bool sticky = false;
      int below = low - 1;
      for (int w = 0; w < kLimbs && w * 64 < below && !sticky; ++w) {
        uint64_t word = mag[w];
        int n = std::min(64, below - w * 64);
        if (n < 64) word &= (uint64_t{1} << n) - 1;
        sticky = word != 0;
      }
      if (guard && (sticky || (m & 1))) ++m;
      r = std::ldexp(static_cast<double>(m), low - 1074);  // overflows to Infinity as it should
    }
    return negative ? -r : r;
  }

 private:
  static constexpr int kLimbs = 36;

  void AddAt(size_t i, uint64_t lo, uint64_t hi) {
    uint64_t before = limbs_[i];
    limbs_[i] += lo;
    uint64_t carry = limbs_[i] < before ? 1 : 0;
    for (size_t j = i + 1; j < kLimbs && (carry || (j == i + 1 && hi)); ++j) {
      uint64_t add = (j == i + 1 ? hi : 0);
      uint64_t b = limbs_[j];
      uint64_t s = b + add;
      uint64_t c1 = s < b ? 1 : 0;
      uint64_t s2 = s + carry;
      uint64_t c2 = s2 < s ? 1 : 0;
      limbs_[j] = s2;
      carry = c1 | c2;
    }
  }

  void Sub(size_t i, uint64_t lo, uint64_t hi) {
    uint64_t before = limbs_[i];
    limbs_[i] -= lo;
    uint64_t borrow = before < lo ? 1 : 0;
    for (size_t j = i + 1; j < kLimbs && (borrow || (j == i + 1 && hi)); ++j) {
      uint64_t sub = (j == i + 1 ? hi : 0);
      uint64_t b = limbs_[j];
      uint64_t d = b - sub;
      uint64_t b1 = b < sub ? 1 : 0;
      uint64_t d2 = d - borrow;
      uint64_t b2 = d < borrow ? 1 : 0;
      limbs_[j] = d2;
      borrow = b1 | b2;
    }
  }

  uint64_t limbs_[kLimbs] = {};
};

// __intrinsics__.mathSumPreciseCore(numbers): the exact sum of an array of Numbers already
// collected by Math.sumPrecise's prelude part (which type-checks each item).
Value MathSumPreciseCore(VM& vm, CallArgs& args) {
  if (!vm.IsArray(args[0]))
    return vm.ThrowTypeError("internal error: sumPrecise core wants an array");
  auto* a = static_cast<ArrayObject*>(vm.Resolve(args[0].AsObject()));
  const auto& el = a->elements();
  vm.ChargeSteps(el.size() / 16 + 1);
  ExactSum sum;
  bool all_minus_zero = true, has_nan = false, pos_inf = false, neg_inf = false;
  for (const Value& v : el) {
    if (!v.IsNumber()) return vm.ThrowTypeError("internal error: sumPrecise core wants numbers");
    double x = v.AsNumber();
    if (std::isnan(x)) {
      has_nan = true;
    } else if (std::isinf(x)) {
      (x > 0 ? pos_inf : neg_inf) = true;
    } else {
      if (!(x == 0 && std::signbit(x))) all_minus_zero = false;
      sum.Add(x);
    }
  }
  if (has_nan || (pos_inf && neg_inf)) return Value::Number(NAN);
  if (pos_inf) return Value::Number(INFINITY);
  if (neg_inf) return Value::Number(-INFINITY);
  if (all_minus_zero) return Value::Number(-0.0);
  return Value::Number(sum.Round());
}

}  // namespace

namespace prim {

void InstallMathBuiltins(VM& vm, Intrinsics& in) {
  Object* math = vm.NewObject();
  vm.DefineValue(in.global, "Math", Value::FromObject(math), kHiddenAttrs);
  // Value properties (§21.3.1): not writable, enumerable or configurable.
  vm.DefineValue(math, "E", Value::Number(2.718281828459045), 0);
  vm.DefineValue(math, "LN10", Value::Number(2.302585092994046), 0);
  vm.DefineValue(math, "LN2", Value::Number(0.6931471805599453), 0);
  vm.DefineValue(math, "LOG10E", Value::Number(0.4342944819032518), 0);
  vm.DefineValue(math, "LOG2E", Value::Number(1.4426950408889634), 0);
  vm.DefineValue(math, "PI", Value::Number(3.141592653589793), 0);
  vm.DefineValue(math, "SQRT1_2", Value::Number(0.7071067811865476), 0);
  vm.DefineValue(math, "SQRT2", Value::Number(1.4142135623730951), 0);
  vm.DefineOwnProperty(math, PropertyKey::Sym(in.sym_to_string_tag), vm.Str("Math"), kConfigurable);

  for (size_t i = 0; i < std::size(kUnary); ++i)
    vm.DefineMethod(math, kUnary[i].name, MathUnary, 1, static_cast<int32_t>(i));
  vm.DefineMethod(math, "atan2", MathBinary, 2, kAtan2);
  vm.DefineMethod(math, "imul", MathBinary, 2, kImul);
  vm.DefineMethod(math, "pow", MathBinary, 2, kPow);
  vm.DefineMethod(math, "max", MathMaxMin, 2, 0);
  vm.DefineMethod(math, "min", MathMaxMin, 2, 1);
  vm.DefineMethod(math, "hypot", MathHypot, 2);
  vm.DefineMethod(math, "random", MathRandom, 0);
  // Math.sumPrecise itself is defined by the prelude (it iterates its argument).
  DefineIntrinsic(vm, "mathSumPreciseCore", MathSumPreciseCore, 1);
}

}  // namespace prim
}  // namespace codemode::vm
