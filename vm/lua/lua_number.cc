#include "vm/lua/lua_number.h"

#include <cmath>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "vm/lua/lua_status.h"

namespace codemode::vm::lua {
namespace {

constexpr int64_t kMinInt = std::numeric_limits<int64_t>::min();
constexpr int64_t kMaxInt = std::numeric_limits<int64_t>::max();
// 2^63 as a double: floats in [-2^63, 2^63) convert to int64 exactly when integral.
constexpr double kTwo63 = 9223372036854775808.0;

// isspace in the C locale (Lua's lisspace).
bool IsLuaSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsHexDigit(char c) { return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
int HexValue(char c) {
  if (IsDigit(c)) return c - '0';
  return (c | 0x20) - 'a' + 10;
}

std::optional<int64_t> FloatToIntegral(double f) {
  // f is integral (or ±inf/NaN, rejected by the range test).
  if (f >= -kTwo63 && f < kTwo63) return static_cast<int64_t>(f);
  return std::nullopt;
}

// Integer numeral (decimal or hex) occupying all of `s`; nullopt also for decimal overflow so that
// the caller reads the text as a float instead.
std::optional<int64_t> StringToInteger(std::string_view s) {
  size_t i = 0;
  const size_t n = s.size();
  while (i < n && IsLuaSpace(s[i])) ++i;
  bool neg = false;
  if (i < n && s[i] == '-') {
    neg = true;
    ++i;
  } else if (i < n && s[i] == '+') {
    ++i;
  }
  uint64_t a = 0;
  bool empty = true;
  if (i + 1 < n && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
    i += 2;
    for (; i < n && IsHexDigit(s[i]); ++i) {
      a = a * 16 + static_cast<uint64_t>(HexValue(s[i]));  // wraps around, as Lua
      empty = false;
    }
  } else {
    const uint64_t max_by_10 = static_cast<uint64_t>(kMaxInt) / 10;
    const uint64_t max_last = static_cast<uint64_t>(kMaxInt) % 10;
    for (; i < n && IsDigit(s[i]); ++i) {
      const uint64_t d = static_cast<uint64_t>(s[i] - '0');
      // Overflow (allowing one more for the negative bound) → not an integer.
      if (a >= max_by_10 && (a > max_by_10 || d > max_last + (neg ? 1 : 0))) return std::nullopt;
      a = a * 10 + d;
      empty = false;
    }
  }
  while (i < n && IsLuaSpace(s[i])) ++i;
  if (empty || i != n) return std::nullopt;
  return static_cast<int64_t>(neg ? 0u - a : a);
}

std::optional<double> StringToFloat(std::string_view s) {
  // Lua refuses 'inf' and 'nan' (and anything else strtod would take with an 'n' in it).
  for (char c : s) {
    if (c == 'n' || c == 'N') return std::nullopt;
  }
  // strtod needs a terminator; Lua uses strtod too (hex floats included) in the C locale.
  std::string text(s);
  const char* begin = text.c_str();
  char* end = nullptr;
  const double value = std::strtod(begin, &end);
  if (end == begin) return std::nullopt;
  while (*end != '\0' && IsLuaSpace(*end)) ++end;
  if (*end != '\0') return std::nullopt;
  return value;
}

}  // namespace

std::string LuaNumberToString(double value) {
  char buf[64];
  int len = std::snprintf(buf, sizeof buf, "%.14g", value);
  // Looks like an integer ("-?[0-9]+")? Then add ".0" so it reads back as a float.
  if (std::strspn(buf, "-0123456789") == static_cast<size_t>(len)) {
    buf[len++] = '.';
    buf[len++] = '0';
  }
  return std::string(buf, static_cast<size_t>(len));
}

std::string LuaIntegerToString(int64_t value) {
  char buf[32];  // "%lld" (lua_Integer's LUA_INTEGER_FMT) without printf's cost
  auto r = std::to_chars(buf, buf + sizeof buf, value);
  return std::string(buf, r.ptr);
}

std::string LuaNumberToString(const LuaNumber& value) {
  if (const int64_t* i = std::get_if<int64_t>(&value)) return LuaIntegerToString(*i);
  return LuaNumberToString(std::get<double>(value));
}

std::optional<LuaNumber> LuaStringToNumber(std::string_view s) {
  if (s.find('\0') != std::string_view::npos) return std::nullopt;
  if (std::optional<int64_t> i = StringToInteger(s)) return LuaNumber(*i);
  if (std::optional<double> d = StringToFloat(s)) return LuaNumber(*d);
  return std::nullopt;
}

std::optional<int64_t> LuaStringToIntegerBase(std::string_view s, int base) {
  if (base < 2 || base > 36) return std::nullopt;
  size_t i = 0;
  const size_t n = s.size();
  while (i < n && IsLuaSpace(s[i])) ++i;
  bool neg = false;
  if (i < n && s[i] == '-') {
    neg = true;
    ++i;
  } else if (i < n && s[i] == '+') {
    ++i;
  }
  auto digit_of = [](char c) -> int {
    if (IsDigit(c)) return c - '0';
    const char lower = static_cast<char>(c | 0x20);
    if (lower >= 'a' && lower <= 'z') return lower - 'a' + 10;
    return -1;  // not alphanumeric
  };
  if (i >= n || digit_of(s[i]) < 0) return std::nullopt;
  uint64_t value = 0;
  for (; i < n; ++i) {
    const int d = digit_of(s[i]);
    if (d < 0) break;
    if (d >= base) return std::nullopt;
    value = value * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
  }
  while (i < n && IsLuaSpace(s[i])) ++i;
  if (i != n) return std::nullopt;
  return static_cast<int64_t>(neg ? 0u - value : value);
}

std::optional<int64_t> LuaFloatToInteger(double value) {
  if (std::floor(value) != value) return std::nullopt;  // also NaN
  return FloatToIntegral(value);
}

std::optional<int64_t> LuaFloatToIntegerFloor(double value) {
  return FloatToIntegral(std::floor(value));
}

std::optional<int64_t> LuaFloatToIntegerCeil(double value) {
  return FloatToIntegral(std::ceil(value));
}

int64_t LuaIntAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t LuaIntSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
int64_t LuaIntMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
int64_t LuaIntNeg(int64_t a) { return static_cast<int64_t>(0u - static_cast<uint64_t>(a)); }

absl::StatusOr<int64_t> LuaIntFloorDiv(int64_t a, int64_t b) {
  if (b == 0) return LuaError("attempt to divide by zero");
  if (b == -1) return LuaIntNeg(a);  // avoids the overflow of mininteger / -1
  int64_t q = a / b;
  if ((a % b != 0) && ((a ^ b) < 0)) q -= 1;  // truncation → floor
  return q;
}

absl::StatusOr<int64_t> LuaIntMod(int64_t a, int64_t b) {
  if (b == 0) return LuaError("attempt to perform 'n%0'");
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r ^ b) < 0)) r += b;
  return r;
}

double LuaFloatFloorDiv(double a, double b) { return std::floor(a / b); }

double LuaFloatMod(double a, double b) {
  double m = std::fmod(a, b);
  if ((m > 0) ? b < 0 : (m < 0 && b > 0)) m += b;  // signs differ: move to the sign of b
  return m;
}

double LuaFloatPow(double a, double b) { return b == 2 ? a * a : std::pow(a, b); }

int64_t LuaShiftLeft(int64_t x, int64_t n) {
  const uint64_t ux = static_cast<uint64_t>(x);
  if (n < 0) {
    if (n <= -64) return 0;
    return static_cast<int64_t>(ux >> static_cast<unsigned>(-n));
  }
  if (n >= 64) return 0;
  return static_cast<int64_t>(ux << static_cast<unsigned>(n));
}

int64_t LuaShiftRight(int64_t x, int64_t n) { return LuaShiftLeft(x, LuaIntNeg(n)); }

namespace {
// Integers of magnitude ≤ 2^53 convert to double exactly.
bool IntFitsFloat(int64_t i) {
  constexpr int64_t kLimit = int64_t{1} << 53;
  return i >= -kLimit && i <= kLimit;
}
}  // namespace

bool LuaLessThan(int64_t i, double f) {
  if (IntFitsFloat(i)) return static_cast<double>(i) < f;
  // i < f  <=>  i < ceil(f)
  if (std::optional<int64_t> fi = LuaFloatToIntegerCeil(f)) return i < *fi;
  return f > 0;  // f is out of range (or NaN → false)
}

bool LuaLessEqual(int64_t i, double f) {
  if (IntFitsFloat(i)) return static_cast<double>(i) <= f;
  // i <= f  <=>  i <= floor(f)
  if (std::optional<int64_t> fi = LuaFloatToIntegerFloor(f)) return i <= *fi;
  return f > 0;
}

bool LuaLessThan(double f, int64_t i) {
  if (IntFitsFloat(i)) return f < static_cast<double>(i);
  // f < i  <=>  floor(f) < i
  if (std::optional<int64_t> fi = LuaFloatToIntegerFloor(f)) return *fi < i;
  return f < 0;
}

bool LuaLessEqual(double f, int64_t i) {
  if (IntFitsFloat(i)) return f <= static_cast<double>(i);
  // f <= i  <=>  ceil(f) <= i
  if (std::optional<int64_t> fi = LuaFloatToIntegerCeil(f)) return *fi <= i;
  return f < 0;
}

bool LuaEqual(int64_t i, double f) {
  std::optional<int64_t> fi = LuaFloatToInteger(f);
  return fi.has_value() && *fi == i;
}

LuaForLimit LuaForFloatLimit(int64_t init, double limit, int64_t step) {
  LuaForLimit out;
  std::optional<int64_t> l =
      step < 0 ? LuaFloatToIntegerCeil(limit) : LuaFloatToIntegerFloor(limit);
  if (l.has_value()) {
    out.limit = *l;
  } else if (0 < limit) {  // too large
    if (step < 0) return {true, 0};
    out.limit = kMaxInt;
  } else {  // too small or NaN
    if (step > 0) return {true, 0};
    out.limit = kMinInt;
  }
  out.skip = step > 0 ? init > out.limit : init < out.limit;
  return out;
}

}  // namespace codemode::vm::lua
