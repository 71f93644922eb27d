// Lua 5.4 numbers: the integer and float subtypes, their conversions to and from strings, and the
// arithmetic, shift and comparison rules where they differ from plain C++ (Lua 5.4 manual
// §3.4.1-§3.4.4, §6.1 tonumber, §6.7 math.tointeger). Pure functions; nothing here knows the VM
// heap. Errors are Lua errors as described in vm/lua/lua_status.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "absl/status/statusor.h"

namespace codemode::vm::lua {

// A Lua number: integer subtype (int64_t) or float subtype (double).
using LuaNumber = std::variant<int64_t, double>;

// tostring of a float (lvm.c tostringbuff): printf "%.14g" in the C locale, plus ".0" when the
// result looks like an integer. 1e15 → "1e+15", 2^53 → "9.007199254741e+15", -0.0 → "-0.0", 1.0 →
// "1.0", inf → "inf", -inf → "-inf", NaN → "nan" or "-nan" by its sign bit (x86-64's 0/0 has the
// sign bit set, so lua5.4 prints 0/0 as "-nan" and -(0/0) as "nan").
std::string LuaNumberToString(double value);

// tostring of an integer: decimal, "-9223372036854775808" for math.mininteger.
std::string LuaIntegerToString(int64_t value);

// tostring of either subtype.
std::string LuaNumberToString(const LuaNumber& value);

// String → number conversion of the lexer and of coercions (manual §3.1, §3.4.3; lobject.c
// luaO_str2num): optional leading/trailing whitespace (" \t\n\v\f\r"), optional sign, decimal
// integer (if it overflows int64 it is read as a float), hex integer "0x..." (wraps around modulo
// 2^64), decimal or hex float (with optional exponent; strtod rounding). Not numbers: "", "0x",
// "1e", "inf", "nan", any string containing a NUL byte. Returns nullopt when `s` is not a numeral.
std::optional<LuaNumber> LuaStringToNumber(std::string_view s);

// tonumber(s, base) for base in 2..36 (manual §6.1): optional whitespace around, optional '-' or
// '+', at least one alphanumeric digit valid in `base` (letters either case), integer result that
// wraps around on overflow. nullopt when `s` is not such a numeral. The caller checks the base
// range
// ("bad argument #2 to 'tonumber' (base out of range)").
std::optional<int64_t> LuaStringToIntegerBase(std::string_view s, int base);

// Float → integer when the float has an exact integer value in range (math.tointeger, float keys,
// luaV_tointegerns with F2Ieq). nullopt for non-integral, out-of-range, inf and NaN values.
std::optional<int64_t> LuaFloatToInteger(double value);
// floor(value) / ceil(value) as an integer when it fits (F2Ifloor / F2Iceil); nullopt otherwise.
std::optional<int64_t> LuaFloatToIntegerFloor(double value);
std::optional<int64_t> LuaFloatToIntegerCeil(double value);

// Integer wraparound arithmetic (manual §3.4.1: integer overflow wraps around, two's complement).
int64_t LuaIntAdd(int64_t a, int64_t b);
int64_t LuaIntSub(int64_t a, int64_t b);
int64_t LuaIntMul(int64_t a, int64_t b);
int64_t LuaIntNeg(int64_t a);

// Integer floor division a // b (manual §3.4.1). b == 0 → Lua error "attempt to divide by zero"
// (lua5.4.4's text); math.mininteger // -1 wraps to math.mininteger.
absl::StatusOr<int64_t> LuaIntFloorDiv(int64_t a, int64_t b);
// Integer modulo a % b with the sign of b. b == 0 → Lua error "attempt to perform 'n%0'".
absl::StatusOr<int64_t> LuaIntMod(int64_t a, int64_t b);
// Float floor division floor(a / b): division by zero gives ±inf or NaN, never an error.
double LuaFloatFloorDiv(double a, double b);
// Float modulo (luai_nummod): fmod adjusted to the sign of b, so -5 % math.huge == math.huge.
double LuaFloatMod(double a, double b);
// a ^ b: always a float (integer operands are converted first); b == 2 is computed as a * a.
double LuaFloatPow(double a, double b);

// Shifts (manual §3.4.2): logical, on the 64-bit two's complement pattern; |n| >= 64 gives 0; a
// negative n shifts the other way.
int64_t LuaShiftLeft(int64_t x, int64_t n);
int64_t LuaShiftRight(int64_t x, int64_t n);

// Exact comparisons between the subtypes (manual §3.4.4: by mathematical value, no rounding).
bool LuaLessThan(int64_t i, double f);
bool LuaLessThan(double f, int64_t i);
bool LuaLessEqual(int64_t i, double f);
bool LuaLessEqual(double f, int64_t i);
// i == f exactly (f has an integer value equal to i).
bool LuaEqual(int64_t i, double f);

// Numeric for loop with an integer start and step and a float limit (lvm.c forlimit): the integer
// limit to use, or skip = true when the loop runs zero times because the float limit lies beyond
// the integer range in the direction opposite to the step, or init is already past the limit. step
// != 0 (the caller raises "'for' step is zero" first).
struct LuaForLimit {
  bool skip = false;
  int64_t limit = 0;
};
LuaForLimit LuaForFloatLimit(int64_t init, double limit, int64_t step);

}  // namespace codemode::vm::lua
