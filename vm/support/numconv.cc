#include "vm/support/numconv.h"

#include <double-conversion/double-conversion.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

#include "absl/status/status.h"
#include "vm/support/text.h"

namespace codemode::support {
namespace {

using double_conversion::DoubleToStringConverter;
using double_conversion::StringBuilder;
using double_conversion::StringToDoubleConverter;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr char kDigitChars[] = "0123456789abcdefghijklmnopqrstuvwxyz";

// Writes the decimal digits of `magnitude` ending just before `end`; returns the first char.
char* WriteUnsignedBackwards(uint32_t magnitude, char* end) {
  do {
    *--end = static_cast<char>('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude != 0);
  return end;
}

std::string_view NonFiniteName(double value) {
  if (std::isnan(value)) return "NaN";
  return value > 0 ? "Infinity" : "-Infinity";
}

// Digit value of an ASCII letter/digit in radix up to 36, or 36 (invalid in every radix) otherwise.
int DigitValue(char16_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  char16_t lower = c | 0x20;
  if (lower >= 'a' && lower <= 'z') return lower - 'a' + 10;
  return 36;
}

// Number of leading code units of `s` that are digits in `radix`.
size_t ScanDigits(std::u16string_view s, size_t pos, int radix) {
  size_t i = pos;
  while (i < s.size() && DigitValue(s[i]) < radix) ++i;
  return i - pos;
}

// The shape of a StrDecimalLiteral prefix (ECMA-262 §7.1.4.1 grammar) found by ScanDecimalLiteral.
struct DecimalScan {
  size_t length = 0;  // 0: no literal at the start.
  bool infinity = false;
};

// Longest prefix of `s` that is a StrDecimalLiteral: sign? (Infinity | digits (. digits?)? exp? |
// . digits exp?), where exp is [eE][+-]?digits and is only taken with at least one digit.
DecimalScan ScanDecimalLiteral(std::u16string_view s) {
  DecimalScan scan;
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  static constexpr std::u16string_view kInfinity = u"Infinity";
  if (s.substr(i, kInfinity.size()) == kInfinity) {
    scan.length = i + kInfinity.size();
    scan.infinity = true;
    return scan;
  }
  size_t int_digits = ScanDigits(s, i, 10);
  i += int_digits;
  size_t frac_digits = 0;
  if (i < s.size() && s[i] == '.') {
    frac_digits = ScanDigits(s, i + 1, 10);
    if (int_digits == 0 && frac_digits == 0) return scan;  // "." alone is not a literal.
    i += 1 + frac_digits;
  }
  if (int_digits == 0 && frac_digits == 0) return scan;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
    size_t exp_digits = ScanDigits(s, j, 10);
    if (exp_digits > 0) i = j + exp_digits;
  }
  scan.length = i;
  return scan;
}

const StringToDoubleConverter& DecimalConverter() {
  static const StringToDoubleConverter converter(StringToDoubleConverter::NO_FLAGS, 0.0, kNaN,
                                                 nullptr, nullptr);
  return converter;
}

// Correctly rounded value of a validated unsigned decimal literal (digits, optional '.', optional
// exponent; no sign, no Infinity). Input of any length is reduced to at most kMaxKeptDigits
// significant digits plus a sticky digit and a clamped exponent, which preserves the rounding, so
// the double-conversion call sees a short buffer.
double UnsignedDecimalToDouble(std::u16string_view s) {
  // More digits than any double's exact midpoint needs (767), fewer than double-conversion's 780.
  constexpr size_t kMaxKeptDigits = 770;
  char digits[kMaxKeptDigits + 1 + 16];
  size_t kept = 0;
  bool sticky = false;
  int64_t exp10 = 0;  // value = kept digits (as an integer) × 10^exp10.
  size_t i = 0;
  bool in_fraction = false;
  for (; i < s.size(); ++i) {
    char16_t c = s[i];
    if (c == '.') {
      in_fraction = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    if (kept == 0 && c == '0') {
      if (in_fraction) --exp10;
      continue;
    }
    if (kept < kMaxKeptDigits) {
      digits[kept++] = static_cast<char>(c);
      if (in_fraction) --exp10;
    } else {
      if (c != '0') sticky = true;
      if (!in_fraction) ++exp10;
    }
  }
  if (kept == 0) return 0.0;
  if (i < s.size()) {  // Exponent part: [eE][+-]?digits, saturated.
    ++i;
    bool negative = false;
    if (s[i] == '+' || s[i] == '-') negative = s[i++] == '-';
    int64_t e = 0;
    for (; i < s.size(); ++i) e = std::min<int64_t>(e * 10 + (s[i] - '0'), 1'000'000'000);
    exp10 += negative ? -e : e;
  }
  // Fast path (Clinger): up to 15 digits and a power of ten up to 22 are exact doubles, so one
  // multiplication or division rounds correctly. (sticky implies more than 15 digits.)
  if (kept <= 15 && exp10 >= -22 && exp10 <= 22) {
    int64_t mantissa = 0;
    for (size_t k = 0; k < kept; ++k) mantissa = mantissa * 10 + (digits[k] - '0');
    static constexpr double kPowersOf10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                             1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                             1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    double m = static_cast<double>(mantissa);
    return exp10 < 0 ? m / kPowersOf10[-exp10] : m * kPowersOf10[exp10];
  }
  if (sticky) {
    digits[kept++] = '1';
    --exp10;
  }
  // Beyond these bounds the value is 0 or Infinity whatever the (≤ 771) digits are.
  exp10 = std::clamp<int64_t>(exp10, -100'000, 100'000);
  digits[kept++] = 'e';
  char exp_buf[16];
  char* exp_end = exp_buf + sizeof(exp_buf);
  char* exp_start =
      WriteUnsignedBackwards(static_cast<uint32_t>(exp10 < 0 ? -exp10 : exp10), exp_end);
  if (exp10 < 0) *--exp_start = '-';
  std::memcpy(digits + kept, exp_start, exp_end - exp_start);
  kept += exp_end - exp_start;
  int processed = 0;
  return DecimalConverter().StringToDouble(digits, static_cast<int>(kept), &processed);
}

// Value of a validated StrDecimalLiteral (with optional sign, maybe Infinity).
double DecimalLiteralToDouble(std::u16string_view s, bool infinity) {
  bool negative = false;
  if (s[0] == '+' || s[0] == '-') {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  double magnitude = infinity ? kInfinity : UnsignedDecimalToDouble(s);
  return negative ? -magnitude : magnitude;
}

// Correctly rounded (ties to even) value of validated digits in radix 2^bits_per_digit.
double PowerOfTwoRadixToDouble(std::u16string_view s, int bits_per_digit) {
  uint64_t mantissa = 0;
  int64_t exponent = 0;  // value = mantissa × 2^exponent, plus less than one unit when sticky.
  bool sticky = false;
  int mantissa_bits = 0;
  for (char16_t c : s) {
    uint64_t d = static_cast<uint64_t>(DigitValue(c));
    if (mantissa_bits + bits_per_digit <= 64) {
      mantissa = (mantissa << bits_per_digit) | d;
      mantissa_bits = mantissa == 0 ? 0 : 64 - std::countl_zero(mantissa);
    } else {
      exponent += bits_per_digit;
      if (d != 0) sticky = true;
    }
  }
  if (mantissa_bits > 53) {
    int shift = mantissa_bits - 53;
    uint64_t dropped = mantissa & ((uint64_t{1} << shift) - 1);
    uint64_t half = uint64_t{1} << (shift - 1);
    mantissa >>= shift;
    exponent += shift;
    if (dropped > half || (dropped == half && (sticky || (mantissa & 1)))) {
      ++mantissa;
      if (mantissa == (uint64_t{1} << 53)) {
        mantissa >>= 1;
        ++exponent;
      }
    }
  }
  // mantissa has ≤ 53 bits, so the scaling is exact or overflows to Infinity.
  return std::ldexp(static_cast<double>(mantissa),
                    static_cast<int>(std::min<int64_t>(exponent, 4096)));
}

// parseInt for radices other than 10 and powers of two. The spec allows an approximation here; V8
// (and so Node) accumulates chunks of digits whose place value stays below 2^32/36 in a uint32 and
// then folds each chunk into a double as result * place + chunk, rounding at each step; leading
// zeros are skipped first, which moves the chunk boundaries. Same here, so large values round the
// same way.
double GenericRadixToDouble(std::u16string_view s, int radix) {
  constexpr uint32_t kMaxPlace = 0xFFFFFFFFu / 36;
  double result = 0;
  size_t i = 0;
  while (i < s.size() && s[i] == '0') ++i;
  while (i < s.size()) {
    uint32_t chunk = 0;
    uint32_t place = 1;
    while (i < s.size()) {
      uint32_t next_place = place * static_cast<uint32_t>(radix);
      if (next_place > kMaxPlace) break;
      chunk = chunk * radix + static_cast<uint32_t>(DigitValue(s[i]));
      place = next_place;
      ++i;
    }
    result = result * static_cast<double>(place) + static_cast<double>(chunk);
  }
  return result;
}

// Value of validated digits of an integer in `radix`.
double RadixIntegerToDouble(std::u16string_view digits, int radix) {
  switch (radix) {
    case 10:
      return UnsignedDecimalToDouble(digits);
    case 2:
      return PowerOfTwoRadixToDouble(digits, 1);
    case 4:
      return PowerOfTwoRadixToDouble(digits, 2);
    case 8:
      return PowerOfTwoRadixToDouble(digits, 3);
    case 16:
      return PowerOfTwoRadixToDouble(digits, 4);
    case 32:
      return PowerOfTwoRadixToDouble(digits, 5);
    default:
      return GenericRadixToDouble(digits, radix);
  }
}

std::string BuilderResult(char* buffer, StringBuilder& builder) {
  int length = builder.position();
  builder.Finalize();
  return std::string(buffer, length);
}

}  // namespace

size_t NumberToChars(double value, char* out) {
  // Integer fast path: most numbers printed by programs are small integers.
  if (value >= -2147483648.0 && value <= 2147483647.0) {
    int32_t as_int = static_cast<int32_t>(value);
    if (static_cast<double>(as_int) == value) {  // Also -0, which prints as "0".
      return static_cast<size_t>(std::to_chars(out, out + kNumberToCharsBufferSize, as_int).ptr -
                                 out);
    }
  }
  StringBuilder builder(out, static_cast<int>(kNumberToCharsBufferSize));
  DoubleToStringConverter::EcmaScriptConverter().ToShortest(value, &builder);
  // Finalize() would write a terminator; the length is all callers need.
  return static_cast<size_t>(builder.position());
}

std::string NumberToString(double value) {
  char buf[kNumberToCharsBufferSize];
  return std::string(buf, NumberToChars(value, buf));
}

absl::StatusOr<std::string> NumberToStringRadix(double value, double radix_value) {
  double radix_int = ToIntegerOrInfinity(radix_value);
  if (!(radix_int >= 2 && radix_int <= 36)) {
    return absl::InvalidArgumentError("toString() radix argument must be between 2 and 36");
  }
  int radix = static_cast<int>(radix_int);
  if (radix == 10) return NumberToString(value);
  if (!std::isfinite(value)) return std::string(NonFiniteName(value));
  if (value == 0) return std::string("0");
  bool negative = value < 0;
  if (negative) value = -value;

  double integer = std::floor(value);
  double fraction = value - integer;
  // Half the gap to the next double: fraction digits stop once they pin the value down this
  // closely.
  double delta = 0.5 * (std::nextafter(value, kInfinity) - value);
  delta = std::max(std::numeric_limits<double>::denorm_min(), delta);
  std::string fraction_digits;
  if (fraction >= delta) {
    do {
      fraction *= radix;
      delta *= radix;
      int digit = static_cast<int>(fraction);
      fraction_digits.push_back(kDigitChars[digit]);
      fraction -= digit;
      if (fraction > 0.5 || (fraction == 0.5 && (digit & 1))) {
        if (fraction + delta > 1) {
          // Round the digits up; a carry out of the fraction increments the integer part.
          while (true) {
            if (fraction_digits.empty()) {
              integer += 1;
              break;
            }
            int last = DigitValue(fraction_digits.back());
            if (last + 1 < radix) {
              fraction_digits.back() = kDigitChars[last + 1];
              break;
            }
            fraction_digits.pop_back();
          }
          break;
        }
      }
    } while (fraction >= delta);
  }

  std::string reversed;  // Integer digits, least significant first.
  // Above 2^53 the low digits are not representable; V8 prints them as 0 by dividing them away.
  constexpr double kTwoTo53 = 9007199254740992.0;
  while (integer / radix >= kTwoTo53) {
    integer /= radix;
    reversed.push_back('0');
  }
  do {
    double remainder = std::fmod(integer, radix);
    reversed.push_back(kDigitChars[static_cast<int>(remainder)]);
    integer = (integer - remainder) / radix;
  } while (integer > 0);

  std::string result;
  result.reserve(reversed.size() + fraction_digits.size() + 2);
  if (negative) result.push_back('-');
  result.append(reversed.rbegin(), reversed.rend());
  if (!fraction_digits.empty()) {
    result.push_back('.');
    result.append(fraction_digits);
  }
  return result;
}

absl::StatusOr<std::string> NumberToFixed(double value, double fraction_digits) {
  double digits = ToIntegerOrInfinity(fraction_digits);
  if (!(digits >= 0 && digits <= 100)) {
    return absl::InvalidArgumentError("toFixed() digits argument must be between 0 and 100");
  }
  if (!std::isfinite(value) || std::fabs(value) >= 1e21) return NumberToString(value);
  // Sign + 21 integer digits + point + 100 digits, with room to spare.
  char buffer[1 + DoubleToStringConverter::kMaxFixedDigitsBeforePoint + 1 +
              DoubleToStringConverter::kMaxFixedDigitsAfterPoint + 8];
  StringBuilder builder(buffer, sizeof(buffer));
  if (!DoubleToStringConverter::EcmaScriptConverter().ToFixed(value, static_cast<int>(digits),
                                                              &builder)) {
    return absl::InternalError("toFixed conversion failed");  // Unreachable given the checks above.
  }
  return BuilderResult(buffer, builder);
}

absl::StatusOr<std::string> NumberToExponential(double value,
                                                std::optional<double> fraction_digits) {
  double digits = fraction_digits ? ToIntegerOrInfinity(*fraction_digits) : 0;
  if (!std::isfinite(value)) return NumberToString(value);
  if (!(digits >= 0 && digits <= 100)) {
    return absl::InvalidArgumentError("toExponential() argument must be between 0 and 100");
  }
  char buffer[DoubleToStringConverter::kMaxExponentialDigits + 16];
  StringBuilder builder(buffer, sizeof(buffer));
  int requested = fraction_digits ? static_cast<int>(digits) : -1;  // -1: shortest digits.
  if (!DoubleToStringConverter::EcmaScriptConverter().ToExponential(value, requested, &builder)) {
    return absl::InternalError("toExponential conversion failed");
  }
  return BuilderResult(buffer, builder);
}

absl::StatusOr<std::string> NumberToPrecision(double value, std::optional<double> precision) {
  if (!precision) return NumberToString(value);
  double p = ToIntegerOrInfinity(*precision);
  if (!std::isfinite(value)) return NumberToString(value);
  if (!(p >= 1 && p <= 100)) {
    return absl::InvalidArgumentError("toPrecision() argument must be between 1 and 100");
  }
  // Fixed form can need 6 leading zeros + 100 digits; exponential 100 digits + "e+308".
  char buffer[DoubleToStringConverter::kMaxPrecisionDigits + 32];
  StringBuilder builder(buffer, sizeof(buffer));
  if (!DoubleToStringConverter::EcmaScriptConverter().ToPrecision(value, static_cast<int>(p),
                                                                  &builder)) {
    return absl::InternalError("toPrecision conversion failed");
  }
  return BuilderResult(buffer, builder);
}

double StringToNumber(std::u16string_view str) {
  std::u16string_view s = TrimJs(str, TrimWhere::kBoth);
  if (s.empty()) return 0;
  // Fast path: a short run of decimal digits.
  if (s.size() <= 9) {
    uint32_t small = 0;
    bool all_digits = true;
    for (char16_t c : s) {
      if (c < '0' || c > '9') {
        all_digits = false;
        break;
      }
      small = small * 10 + (c - '0');
    }
    if (all_digits) return small;
  }
  if (s.size() > 2 && s[0] == '0') {
    int radix = 0;
    switch (s[1]) {
      case 'x':
      case 'X':
        radix = 16;
        break;
      case 'o':
      case 'O':
        radix = 8;
        break;
      case 'b':
      case 'B':
        radix = 2;
        break;
    }
    if (radix != 0) {
      std::u16string_view digits = s.substr(2);
      if (ScanDigits(digits, 0, radix) != digits.size()) return kNaN;
      return RadixIntegerToDouble(digits, radix);
    }
  }
  DecimalScan scan = ScanDecimalLiteral(s);
  if (scan.length == 0 || scan.length != s.size()) return kNaN;
  return DecimalLiteralToDouble(s, scan.infinity);
}

double ParseInt(std::u16string_view str, double radix_value) {
  std::u16string_view s = TrimJs(str, TrimWhere::kStart);
  double sign = 1;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    if (s[0] == '-') sign = -1;
    s.remove_prefix(1);
  }
  int32_t radix = ToInt32(radix_value);
  bool strip_prefix = true;
  if (radix != 0) {
    if (radix < 2 || radix > 36) return kNaN;
    if (radix != 16) strip_prefix = false;
  } else {
    radix = 10;
  }
  if (strip_prefix && s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s.remove_prefix(2);
    radix = 16;
  }
  size_t end = ScanDigits(s, 0, radix);
  if (end == 0) return kNaN;
  return sign * RadixIntegerToDouble(s.substr(0, end), radix);
}

double ParseFloat(std::u16string_view str) {
  std::u16string_view s = TrimJs(str, TrimWhere::kStart);
  DecimalScan scan = ScanDecimalLiteral(s);
  if (scan.length == 0) return kNaN;
  return DecimalLiteralToDouble(s.substr(0, scan.length), scan.infinity);
}

double ToIntegerOrInfinity(double value) {
  if (std::isnan(value)) return 0;
  double truncated = std::trunc(value);
  return truncated == 0 ? 0 : truncated;  // Also maps -0 to +0.
}

int32_t ToInt32(double value) { return static_cast<int32_t>(ToUint32(value)); }

uint32_t ToUint32(double value) {
  if (value >= -2147483648.0 && value <= 4294967295.0) {
    // In range: truncation is the answer (via int64 so negative values wrap modulo 2^32).
    return static_cast<uint32_t>(static_cast<int64_t>(value));
  }
  if (!std::isfinite(value)) return 0;
  double wrapped = std::fmod(std::trunc(value), 4294967296.0);  // Exact.
  if (wrapped < 0) wrapped += 4294967296.0;
  return static_cast<uint32_t>(wrapped);
}

uint16_t ToUint16(double value) { return static_cast<uint16_t>(ToUint32(value)); }

double ToLength(double value) {
  double len = ToIntegerOrInfinity(value);
  if (len <= 0) return 0;
  return std::min(len, 9007199254740991.0);
}

double NumberRemainder(double dividend, double divisor) {
  // C fmod is exact and matches every special case of Number::remainder.
  return std::fmod(dividend, divisor);
}

double MathRound(double value) {
  if (!std::isfinite(value) || value == 0) return value;
  if (value > 0 && value < 0.5) return 0.0;
  if (value < 0 && value >= -0.5) return -0.0;
  // From 2^52 on every double is an integer.
  if (std::fabs(value) >= 4503599627370496.0) return value;
  double floor = std::floor(value);
  // value - floor is exact here; adding 0.5 first could round (0.49999999999999994 + 0.5 == 1).
  return value - floor >= 0.5 ? floor + 1 : floor;
}

double NumberExponentiate(double base, double exponent) {
  if (std::isnan(exponent)) return kNaN;
  if (std::isinf(exponent) && std::fabs(base) == 1) return kNaN;
  return std::pow(base, exponent);
}

}  // namespace codemode::support
