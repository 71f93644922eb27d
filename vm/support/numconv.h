// Number conversions and numeric operators exactly as ECMA-262 (2024) specifies them and as Node.js
// (V8) prints them. Pure functions over doubles and strings: nothing here knows the VM heap.
//
// Errors: the functions that can throw in JS return absl::Status; every error they return is an
// absl::InvalidArgumentError whose message is the exact V8 message of the JS RangeError (the caller
// wraps it into a RangeError object).
#ifndef CODEMODE_VM_SUPPORT_NUMCONV_H_
#define CODEMODE_VM_SUPPORT_NUMCONV_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace codemode::support {

// Longest output of NumberToChars ("-1.2345678901234567e-308" is 24 chars), plus slack.
inline constexpr size_t kNumberToCharsBufferSize = 32;

// Number::toString(x) with radix 10 (ECMA-262 §6.1.6.1.20): the shortest decimal digits that round
// trip, "-0" → "0", "NaN", "Infinity", "-Infinity", exponential form outside [1e-7, 1e21)
// ("1e+21", "1.5e-7"). Writes ASCII to `out`, which must hold kNumberToCharsBufferSize chars (no
// terminator is written), and returns the number of chars written. Integers in int32 range take a
// fast itoa path.
size_t NumberToChars(double value, char* out);

// NumberToChars as a std::string.
std::string NumberToString(double value);

// Number.prototype.toString(radix) (ECMA-262 §21.1.3.6) for a number `value`. `radix` is the Number
// value of the argument (ToIntegerOrInfinity is applied here). Radix 10 is NumberToString; other
// radices print like V8: the integer part exactly (for magnitudes ≥ 2^53 the low digits become 0 as
// V8 does) and the shortest fraction digits that identify the double. Error: radix not in 2..36 →
// InvalidArgument "toString() radix argument must be between 2 and 36" (a RangeError).
absl::StatusOr<std::string> NumberToStringRadix(double value, double radix);

// Number.prototype.toFixed (ECMA-262 §21.1.3.3). `fraction_digits` is the Number value of the
// argument (0 for undefined); ToIntegerOrInfinity is applied here. |value| ≥ 1e21 prints as
// NumberToString. Ties round away from zero on the exact binary value ((1.005).toFixed(2) ==
// "1.00", (2.5).toFixed(0)
// == "3"). Error: digits not in 0..100 (checked before NaN/Infinity values) → InvalidArgument
// "toFixed() digits argument must be between 0 and 100" (a RangeError).
absl::StatusOr<std::string> NumberToFixed(double value, double fraction_digits);

// Number.prototype.toExponential (ECMA-262 §21.1.3.2). `fraction_digits` is nullopt for undefined
// (then as many digits as needed to identify the number), else the Number value of the argument.
// NaN/±Infinity print as NumberToString before the range check. Error: digits not in 0..100 →
// InvalidArgument "toExponential() argument must be between 0 and 100" (a RangeError).
absl::StatusOr<std::string> NumberToExponential(double value,
                                                std::optional<double> fraction_digits);

// Number.prototype.toPrecision (ECMA-262 §21.1.3.5). `precision` nullopt (undefined) →
// NumberToString. NaN/±Infinity print as NumberToString before the range check. Exponential form
// when the exponent e < -6 or e ≥ precision. Error: precision not in 1..100 → InvalidArgument
// "toPrecision() argument must be between 1 and 100" (a RangeError).
absl::StatusOr<std::string> NumberToPrecision(double value, std::optional<double> precision);

// StringToNumber (ECMA-262 §7.1.4.1.1) of a UTF-16 string: trims WhiteSpace and LineTerminator,
// "" → 0, [+-]Infinity, 0x/0o/0b integers without sign (correctly rounded), decimal literals with
// optional sign/fraction/exponent (correctly rounded). Anything else (incl. numeric separators
// "1_0", "infinity", "0x") → NaN.
double StringToNumber(std::u16string_view str);

// parseInt(string, radix) (ECMA-262 §19.2.5) on the already-stringified argument. `radix` is the
// Number value of the radix argument (NaN for undefined); ToInt32 is applied here. Radix 10 and
// power-of-two radices are correctly rounded; other radices accumulate like V8 (the spec allows an
// approximation).
double ParseInt(std::u16string_view str, double radix);

// parseFloat(string) (ECMA-262 §19.2.4): the longest prefix (after leading
// WhiteSpace/LineTerminator) that is a StrDecimalLiteral ("Infinity" included, no hex), correctly
// rounded; no prefix → NaN.
double ParseFloat(std::u16string_view str);

// ToIntegerOrInfinity (ECMA-262 §7.1.5): NaN/±0 → +0, ±Infinity kept, else truncation toward zero.
double ToIntegerOrInfinity(double value);

// ToInt32 (ECMA-262 §7.1.6): modulo 2^32 into [-2^31, 2^31); NaN/±Infinity → 0.
int32_t ToInt32(double value);

// ToUint32 (ECMA-262 §7.1.7): modulo 2^32 into [0, 2^32); NaN/±Infinity → 0.
uint32_t ToUint32(double value);

// ToUint16 (ECMA-262 §7.1.9), as used by String.fromCharCode.
uint16_t ToUint16(double value);

// ToLength (ECMA-262 §7.1.20): ToIntegerOrInfinity clamped to [0, 2^53 - 1].
double ToLength(double value);

// Number::remainder (ECMA-262 §6.1.6.1.6), JS `%`: fmod semantics, the result has the sign of the
// dividend; NaN for NaN operands, infinite dividend or zero divisor; finite % ±Infinity = dividend.
double NumberRemainder(double dividend, double divisor);

// Math.round (ECMA-262 §21.3.2.28): nearest integer, ties toward +Infinity; x in [-0.5, -0] → -0,
// x in (0, 0.5) → +0; NaN/±Infinity unchanged.
double MathRound(double value);

// Number::exponentiate (ECMA-262 §6.1.6.1.3), JS `**` and Math.pow. Differs from C pow: NaN
// exponent → NaN (C: pow(1, NaN) == 1) and (±1) ** ±Infinity → NaN (C: 1). Finite cases use the C
// library pow (correctly rounded in glibc); V8 may differ in the last bit for some inputs.
double NumberExponentiate(double base, double exponent);

}  // namespace codemode::support

#endif  // CODEMODE_VM_SUPPORT_NUMCONV_H_
