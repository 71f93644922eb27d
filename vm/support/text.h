// Text helpers for JS strings, which are sequences of UTF-16 code units (ECMA-262 §6.1.4) that may
// hold unpaired surrogates. Pure functions over std::u16string(_view) and UTF-8 std::string;
// nothing here knows the VM heap.
#ifndef CODEMODE_VM_SUPPORT_TEXT_H_
#define CODEMODE_VM_SUPPORT_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace codemode::support {

// ---- UTF-16 code points (ECMA-262 §11.1) ----

inline constexpr bool IsLeadSurrogate(char32_t c) { return c >= 0xD800 && c <= 0xDBFF; }
inline constexpr bool IsTrailSurrogate(char32_t c) { return c >= 0xDC00 && c <= 0xDFFF; }
inline constexpr bool IsSurrogate(char32_t c) { return c >= 0xD800 && c <= 0xDFFF; }

// UTF16SurrogatePairToCodePoint (ECMA-262 §11.1.3).
inline constexpr char32_t SurrogatePairToCodePoint(char16_t lead, char16_t trail) {
  return 0x10000 + ((static_cast<char32_t>(lead) - 0xD800) << 10) + (trail - 0xDC00);
}

// The record of CodePointAt (ECMA-262 §11.1.4).
struct CodePointInfo {
  char32_t code_point = 0;
  uint8_t code_unit_count = 0;  // 1 or 2.
  bool is_unpaired_surrogate = false;
};

// CodePointAt(string, position) (ECMA-262 §11.1.4). Requires position < s.size(). An unpaired
// surrogate is returned as itself with is_unpaired_surrogate set.
CodePointInfo CodePointAt(std::u16string_view s, size_t position);

// UTF16EncodeCodePoint (ECMA-262 §11.1.1): appends 1 or 2 code units. Requires cp ≤ 0x10FFFF
// (surrogate code points are appended as single code units).
void AppendCodePoint(char32_t cp, std::u16string* out);

// Iterates the code points of a UTF-16 string as CodePointAt does (for-of over a string,
// String.prototype.codePointAt): `for (CodePointInfo cp : CodePoints(s))`.
class CodePoints {
 public:
  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = CodePointInfo;
    using difference_type = std::ptrdiff_t;
    using pointer = const CodePointInfo*;
    using reference = CodePointInfo;

    Iterator(std::u16string_view s, size_t position) : s_(s), position_(position) {}
    CodePointInfo operator*() const { return CodePointAt(s_, position_); }
    Iterator& operator++() {
      position_ += CodePointAt(s_, position_).code_unit_count;
      return *this;
    }
    // The code unit index of the current code point.
    size_t position() const { return position_; }
    bool operator==(const Iterator& other) const { return position_ == other.position_; }

   private:
    std::u16string_view s_;
    size_t position_;
  };

  explicit CodePoints(std::u16string_view s) : s_(s) {}
  Iterator begin() const { return Iterator(s_, 0); }
  Iterator end() const { return Iterator(s_, s_.size()); }

 private:
  std::u16string_view s_;
};

// String.prototype.isWellFormed (ECMA-262 §22.1.3.10): no unpaired surrogates.
bool IsWellFormed(std::u16string_view s);

// String.prototype.toWellFormed (ECMA-262 §22.1.3.31): each unpaired surrogate → U+FFFD.
std::u16string ToWellFormed(std::u16string_view s);

// ---- UTF-8 ↔ UTF-16 ----

// UTF-16 → UTF-8 for output: each unpaired surrogate becomes U+FFFD (EF BF BD).
std::string Utf16ToUtf8(std::u16string_view s);

// Same, appending to `out`.
void AppendUtf16ToUtf8(std::u16string_view s, std::string* out);

// UTF-16 → UTF-8 that rejects unpaired surrogates: InvalidArgument "unpaired surrogate U+D800 at
// index N" (N is the code unit index).
absl::StatusOr<std::string> Utf16ToUtf8Strict(std::u16string_view s);

// UTF-8 → UTF-16 (WHATWG "decode"): each maximal ill-formed subpart (Unicode §3.9, U+FFFD
// substitution of maximal subparts) becomes one U+FFFD. Overlongs, surrogates (ED A0..BF) and
// code points above U+10FFFF are ill-formed.
std::u16string Utf8ToUtf16(std::string_view s);

// UTF-8 → UTF-16 that rejects ill-formed input: InvalidArgument "invalid UTF-8 at byte offset N".
absl::StatusOr<std::u16string> Utf8ToUtf16Strict(std::string_view s);

// Widens ASCII/Latin-1 bytes (e.g. NumberToString output) to UTF-16 code units one for one.
std::u16string Latin1ToUtf16(std::string_view s);

// ---- White space (ECMA-262 §12.2, §12.3) and trimming ----

// WhiteSpace or LineTerminator: TAB VT FF ZWNBSP(U+FEFF) and every Zs (U+0020 U+00A0 U+1680
// U+2000-200A U+202F U+205F U+3000), LF CR LS(U+2028) PS(U+2029). All are BMP code units.
bool IsJsWhiteSpaceOrLineTerminator(char32_t c);

enum class TrimWhere { kStart, kEnd, kBoth };

// TrimString (ECMA-262 §22.1.3.32.1) for trim/trimStart/trimEnd: a view into `s` without leading
// and/or trailing WhiteSpace/LineTerminator code units.
std::u16string_view TrimJs(std::u16string_view s, TrimWhere where);

// ---- Case mapping (ECMA-262 §22.1.3.28 toLowerCase, §22.1.3.30 toUpperCase) ----

// Locale-independent full case mapping (Unicode Default Case Conversion, as ICU's root locale and
// so Node): unconditional SpecialCasing.txt mappings ("ß" → "SS", "ŉ" → "ʼN", "İ" → "i̇") and, for
// toLowerCase, the Final_Sigma rule for U+03A3. Unpaired surrogates are kept. The output may be
// longer than the input (at most 3× for uppercase).
std::u16string ToUpperCase(std::u16string_view s);
std::u16string ToLowerCase(std::u16string_view s);

// ---- Normalization (ECMA-262 §22.1.3.15) ----

enum class NormalizationForm { kNFC, kNFD, kNFKC, kNFKD };

// The `form` argument of String.prototype.normalize ("NFC", "NFD", "NFKC", "NFKD"; the caller maps
// undefined to NFC). Error: anything else → InvalidArgument "The normalization form should be one
// of NFC, NFD, NFKC, NFKD." (a RangeError).
absl::StatusOr<NormalizationForm> ParseNormalizationForm(std::u16string_view form);

// Unicode normalization (UAX #15) via utf8proc. Unpaired surrogates are kept in place; they act as
// starters that never combine, so the text between them is normalized independently. Error:
// utf8proc failure (out of memory) → Internal.
absl::StatusOr<std::u16string> Normalize(std::u16string_view s, NormalizationForm form);

}  // namespace codemode::support

#endif  // CODEMODE_VM_SUPPORT_TEXT_H_
