// vm/bigint.h arithmetic: algebraic identities over random operands of mixed sizes and signs (the
// operator semantics themselves are checked against Node by ctest bigint.diff), the size bound, and
// string/double conversions. Run under ASan/UBSan too (the mpn buffers are sized by hand).
#include "vm/bigint.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <string>

namespace codemode::vm::bigint {
namespace {

Num Random(std::mt19937_64& rng) {
  Num n;
  size_t limbs = rng() % 4 == 0 ? rng() % 40 : rng() % 4;
  for (size_t i = 0; i < limbs; ++i) n.mag.push_back(rng() % 3 == 0 ? ~uint64_t{0} : rng());
  n.neg = (rng() & 1) != 0;
  Normalize(n);
  return n;
}

Num Dec(const char* digits) {
  Num n;
  REQUIRE(FromDigits(digits, 10, &n));
  return n;
}

TEST_CASE("bigint identities hold over random operands", "[bigint]") {
  std::mt19937_64 rng(20261130);
  for (int it = 0; it < 20000; ++it) {
    Num a = Random(rng), b = Random(rng), r, t, q, m;
    REQUIRE(Add(a, b, &r) == Status::kOk);
    REQUIRE(Sub(r, b, &t) == Status::kOk);
    REQUIRE(Compare(t, a) == 0);
    if (!b.is_zero()) {
      REQUIRE(Div(a, b, &q) == Status::kOk);
      REQUIRE(Rem(a, b, &m) == Status::kOk);
      REQUIRE(Mul(q, b, &t) == Status::kOk);
      REQUIRE(Add(t, m, &r) == Status::kOk);
      REQUIRE(Compare(r, a) == 0);
    }
    // (a | b) - (a & b) == a ^ b in two's complement.
    REQUIRE(BitAnd(a, b, &r) == Status::kOk);
    REQUIRE(BitOr(a, b, &t) == Status::kOk);
    REQUIRE(BitXor(a, b, &q) == Status::kOk);
    REQUIRE(Sub(t, r, &m) == Status::kOk);
    REQUIRE(Compare(m, q) == 0);
    // a << s >> s == a.
    Num s = Num::FromInt64(static_cast<int64_t>(rng() % 200));
    REQUIRE(ShiftLeft(a, s, &r) == Status::kOk);
    REQUIRE(ShiftRight(r, s, &t) == Status::kOk);
    REQUIRE(Compare(t, a) == 0);
    int radix = 2 + static_cast<int>(rng() % 35);
    Num back;
    REQUIRE(FromDigits(ToString(a, radix), radix, &back));
    REQUIRE(Compare(back, a) == 0);
    uint64_t bits = rng() % 300;
    REQUIRE(AsUintN(bits, a, &r) == Status::kOk);
    REQUIRE(BitLength(r) <= bits);
    REQUIRE_FALSE(r.neg);
  }
}

TEST_CASE("bigint results over kMaxBits are refused before computing", "[bigint]") {
  Num r;
  CHECK(Pow(Num::FromInt64(2), Num::FromInt64(int64_t{1} << 23), &r) == Status::kTooBig);
  CHECK(Pow(Num::FromInt64(3), Dec("100000000000000000000000"), &r) == Status::kTooBig);
  CHECK(Pow(Num::FromInt64(-1), Dec("100000000000000000000001"), &r) == Status::kOk);
  CHECK(ToString(r, 10) == "-1");
  CHECK(ShiftLeft(Num::FromInt64(1), Num::FromInt64(int64_t{1} << 23), &r) == Status::kTooBig);
  CHECK(ShiftLeft(Num::FromInt64(0), Dec("100000000000000000000000"), &r) == Status::kOk);
  CHECK(AsUintN(uint64_t{1} << 40, Num::FromInt64(-1), &r) == Status::kTooBig);
  CHECK(Div(Num::FromInt64(1), Num{}, &r) == Status::kDivideByZero);
  CHECK(Pow(Num::FromInt64(2), Num::FromInt64(-1), &r) == Status::kNegativeExp);
  Num big;
  REQUIRE(ShiftLeft(Num::FromInt64(1), Num::FromInt64(int64_t{1} << 22), &big) == Status::kOk);
  CHECK(Mul(big, big, &r) == Status::kTooBig);
}

TEST_CASE("bigint conversions to and from strings and doubles", "[bigint]") {
  Num n;
  bool too_big = false;
  CHECK(FromString(u"  0x1F\n", &n, &too_big));
  CHECK(ToString(n, 10) == "31");
  CHECK_FALSE(FromString(u"-0x1", &n, &too_big));
  CHECK_FALSE(FromString(u"1_0", &n, &too_big));
  CHECK(FromString(u"", &n, &too_big));
  CHECK(n.is_zero());
  CHECK_FALSE(FromString(std::u16string(3000000, u'9'), &n, &too_big));
  CHECK(too_big);
  CHECK(ToDouble(Dec("9007199254740993")) == 9007199254740992.0);  // ties to even
  CHECK(ToDouble(Dec("9007199254740995")) == 9007199254740996.0);
  CHECK(std::isinf(ToDouble(Dec(("1" + std::string(400, '0')).c_str()))));
  CHECK(ToString(FromDouble(1e21), 10) == "1000000000000000000000");
  CHECK(CompareToDouble(Num::FromInt64(1), 1.5) < 0);
  CHECK(CompareToDouble(Num::FromInt64(2), 1.5) > 0);
  CHECK(CompareToDouble(Num::FromInt64(1), std::nan("")) == 2);
}

}  // namespace
}  // namespace codemode::vm::bigint
