#include "vm/support/text.h"

#include <utf8proc.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace codemode::support {
namespace {

constexpr char16_t kReplacementChar = 0xFFFD;

// ---- UTF-8 encoding/decoding ----

void AppendUtf8(char32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// One step of UTF-8 decoding at s[pos]. On success `length` is the sequence length and `valid` is
// true; otherwise `length` is the size of the maximal ill-formed subpart (≥ 1) to replace.
struct Utf8Step {
  char32_t code_point;
  size_t length;
  bool valid;
};

Utf8Step DecodeUtf8(std::string_view s, size_t pos) {
  auto byte = [&](size_t i) { return static_cast<uint8_t>(s[i]); };
  uint8_t b0 = byte(pos);
  if (b0 < 0x80) return {b0, 1, true};
  size_t needed;
  char32_t cp;
  // Allowed range of the second byte (Unicode Table 3-7, well-formed UTF-8 byte sequences).
  uint8_t lo = 0x80, hi = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    needed = 1;
    cp = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    needed = 2;
    cp = b0 & 0x0F;
    if (b0 == 0xE0) lo = 0xA0;  // No overlongs.
    if (b0 == 0xED) hi = 0x9F;  // No surrogates.
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    needed = 3;
    cp = b0 & 0x07;
    if (b0 == 0xF0) lo = 0x90;  // No overlongs.
    if (b0 == 0xF4) hi = 0x8F;  // Nothing above U+10FFFF.
  } else {
    return {0, 1, false};
  }
  for (size_t k = 1; k <= needed; ++k) {
    if (pos + k >= s.size()) return {0, k, false};
    uint8_t b = byte(pos + k);
    uint8_t min = k == 1 ? lo : 0x80;
    uint8_t max = k == 1 ? hi : 0xBF;
    if (b < min || b > max) return {0, k, false};
    cp = (cp << 6) | (b & 0x3F);
  }
  return {cp, needed + 1, true};
}

size_t AsciiPrefixLength(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && static_cast<uint8_t>(s[i]) < 0x80) ++i;
  return i;
}

// ---- Case mapping data ----

// Unconditional full uppercase mappings of SpecialCasing.txt (those that are not one code point).
// All sources and results are in the BMP; unused result slots are 0.
struct SpecialUpper {
  char16_t from;
  char16_t to[3];
};
constexpr SpecialUpper kSpecialUpper[] = {
    {0x00DF, {0x0053, 0x0053}},         {0x0149, {0x02BC, 0x004E}},
    {0x01F0, {0x004A, 0x030C}},         {0x0390, {0x0399, 0x0308, 0x0301}},
    {0x03B0, {0x03A5, 0x0308, 0x0301}}, {0x0587, {0x0535, 0x0552}},
    {0x1E96, {0x0048, 0x0331}},         {0x1E97, {0x0054, 0x0308}},
    {0x1E98, {0x0057, 0x030A}},         {0x1E99, {0x0059, 0x030A}},
    {0x1E9A, {0x0041, 0x02BE}},         {0x1F50, {0x03A5, 0x0313}},
    {0x1F52, {0x03A5, 0x0313, 0x0300}}, {0x1F54, {0x03A5, 0x0313, 0x0301}},
    {0x1F56, {0x03A5, 0x0313, 0x0342}}, {0x1F80, {0x1F08, 0x0399}},
    {0x1F81, {0x1F09, 0x0399}},         {0x1F82, {0x1F0A, 0x0399}},
    {0x1F83, {0x1F0B, 0x0399}},         {0x1F84, {0x1F0C, 0x0399}},
    {0x1F85, {0x1F0D, 0x0399}},         {0x1F86, {0x1F0E, 0x0399}},
    {0x1F87, {0x1F0F, 0x0399}},         {0x1F88, {0x1F08, 0x0399}},
    {0x1F89, {0x1F09, 0x0399}},         {0x1F8A, {0x1F0A, 0x0399}},
    {0x1F8B, {0x1F0B, 0x0399}},         {0x1F8C, {0x1F0C, 0x0399}},
    {0x1F8D, {0x1F0D, 0x0399}},         {0x1F8E, {0x1F0E, 0x0399}},
    {0x1F8F, {0x1F0F, 0x0399}},         {0x1F90, {0x1F28, 0x0399}},
    {0x1F91, {0x1F29, 0x0399}},         {0x1F92, {0x1F2A, 0x0399}},
    {0x1F93, {0x1F2B, 0x0399}},         {0x1F94, {0x1F2C, 0x0399}},
    {0x1F95, {0x1F2D, 0x0399}},         {0x1F96, {0x1F2E, 0x0399}},
    {0x1F97, {0x1F2F, 0x0399}},         {0x1F98, {0x1F28, 0x0399}},
    {0x1F99, {0x1F29, 0x0399}},         {0x1F9A, {0x1F2A, 0x0399}},
    {0x1F9B, {0x1F2B, 0x0399}},         {0x1F9C, {0x1F2C, 0x0399}},
    {0x1F9D, {0x1F2D, 0x0399}},         {0x1F9E, {0x1F2E, 0x0399}},
    {0x1F9F, {0x1F2F, 0x0399}},         {0x1FA0, {0x1F68, 0x0399}},
    {0x1FA1, {0x1F69, 0x0399}},         {0x1FA2, {0x1F6A, 0x0399}},
    {0x1FA3, {0x1F6B, 0x0399}},         {0x1FA4, {0x1F6C, 0x0399}},
    {0x1FA5, {0x1F6D, 0x0399}},         {0x1FA6, {0x1F6E, 0x0399}},
    {0x1FA7, {0x1F6F, 0x0399}},         {0x1FA8, {0x1F68, 0x0399}},
    {0x1FA9, {0x1F69, 0x0399}},         {0x1FAA, {0x1F6A, 0x0399}},
    {0x1FAB, {0x1F6B, 0x0399}},         {0x1FAC, {0x1F6C, 0x0399}},
    {0x1FAD, {0x1F6D, 0x0399}},         {0x1FAE, {0x1F6E, 0x0399}},
    {0x1FAF, {0x1F6F, 0x0399}},         {0x1FB2, {0x1FBA, 0x0399}},
    {0x1FB3, {0x0391, 0x0399}},         {0x1FB4, {0x0386, 0x0399}},
    {0x1FB6, {0x0391, 0x0342}},         {0x1FB7, {0x0391, 0x0342, 0x0399}},
    {0x1FBC, {0x0391, 0x0399}},         {0x1FC2, {0x1FCA, 0x0399}},
    {0x1FC3, {0x0397, 0x0399}},         {0x1FC4, {0x0389, 0x0399}},
    {0x1FC6, {0x0397, 0x0342}},         {0x1FC7, {0x0397, 0x0342, 0x0399}},
    {0x1FCC, {0x0397, 0x0399}},         {0x1FD2, {0x0399, 0x0308, 0x0300}},
    {0x1FD3, {0x0399, 0x0308, 0x0301}}, {0x1FD6, {0x0399, 0x0342}},
    {0x1FD7, {0x0399, 0x0308, 0x0342}}, {0x1FE2, {0x03A5, 0x0308, 0x0300}},
    {0x1FE3, {0x03A5, 0x0308, 0x0301}}, {0x1FE4, {0x03A1, 0x0313}},
    {0x1FE6, {0x03A5, 0x0342}},         {0x1FE7, {0x03A5, 0x0308, 0x0342}},
    {0x1FF2, {0x1FFA, 0x0399}},         {0x1FF3, {0x03A9, 0x0399}},
    {0x1FF4, {0x038F, 0x0399}},         {0x1FF6, {0x03A9, 0x0342}},
    {0x1FF7, {0x03A9, 0x0342, 0x0399}}, {0x1FFC, {0x03A9, 0x0399}},
    {0xFB00, {0x0046, 0x0046}},         {0xFB01, {0x0046, 0x0049}},
    {0xFB02, {0x0046, 0x004C}},         {0xFB03, {0x0046, 0x0046, 0x0049}},
    {0xFB04, {0x0046, 0x0046, 0x004C}}, {0xFB05, {0x0053, 0x0054}},
    {0xFB06, {0x0053, 0x0054}},         {0xFB13, {0x0544, 0x0546}},
    {0xFB14, {0x0544, 0x0535}},         {0xFB15, {0x0544, 0x053B}},
    {0xFB16, {0x054E, 0x0546}},         {0xFB17, {0x0544, 0x053D}},
};

const SpecialUpper* FindSpecialUpper(char32_t c) {
  if (c < 0xDF || c > 0xFB17) return nullptr;
  auto it = std::lower_bound(std::begin(kSpecialUpper), std::end(kSpecialUpper), c,
                             [](const SpecialUpper& e, char32_t v) { return e.from < v; });
  return it != std::end(kSpecialUpper) && it->from == c ? it : nullptr;
}

char32_t SimpleUpper(char32_t c) {
  return static_cast<char32_t>(utf8proc_toupper(static_cast<utf8proc_int32_t>(c)));
}

char32_t SimpleLower(char32_t c) {
  return static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c)));
}

// Other_Lowercase and Other_Uppercase (PropList.txt): code points with the Lowercase/Uppercase
// property whose general category is not Ll/Lu. Inclusive ranges, sorted.
struct Range {
  char32_t first;
  char32_t last;
};
constexpr Range kOtherCased[] = {
    {0x00AA, 0x00AA},   {0x00BA, 0x00BA},   {0x02B0, 0x02B8},   {0x02C0, 0x02C1},
    {0x02E0, 0x02E4},   {0x0345, 0x0345},   {0x037A, 0x037A},   {0x10FC, 0x10FC},
    {0x1D2C, 0x1D6A},   {0x1D78, 0x1D78},   {0x1D9B, 0x1DBF},   {0x2071, 0x2071},
    {0x207F, 0x207F},   {0x2090, 0x209C},   {0x2160, 0x217F},   {0x24B6, 0x24E9},
    {0x2C7C, 0x2C7D},   {0xA69C, 0xA69D},   {0xA770, 0xA770},   {0xA7F2, 0xA7F4},
    {0xA7F8, 0xA7F9},   {0xAB5C, 0xAB5F},   {0xAB69, 0xAB69},   {0x10780, 0x10780},
    {0x10783, 0x10785}, {0x10787, 0x107B0}, {0x107B2, 0x107BA}, {0x1E030, 0x1E06D},
    {0x1F130, 0x1F149}, {0x1F150, 0x1F169}, {0x1F170, 0x1F189},
};

template <size_t N>
bool InRanges(const Range (&ranges)[N], char32_t c) {
  auto it = std::upper_bound(std::begin(ranges), std::end(ranges), c,
                             [](char32_t v, const Range& r) { return v < r.first; });
  return it != std::begin(ranges) && c <= (it - 1)->last;
}

// Unicode "Cased" (Lowercase or Uppercase or Lt).
bool IsCased(char32_t c) {
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(c))) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
      return true;
    default:
      return InRanges(kOtherCased, c);
  }
}

// Word_Break values MidLetter, MidNumLet and Single_Quote, which make a code point Case_Ignorable
// whatever its general category.
constexpr char32_t kWordBreakIgnorable[] = {0x0027, 0x002E, 0x003A, 0x00B7, 0x0387, 0x055F,
                                            0x05F4, 0x2018, 0x2019, 0x2024, 0x2027, 0xFE13,
                                            0xFE52, 0xFE55, 0xFF07, 0xFF0E, 0xFF1A};

// Unicode "Case_Ignorable" (DerivedCoreProperties.txt): Mn, Me, Cf, Lm, Sk or the word-break set.
bool IsCaseIgnorable(char32_t c) {
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(c))) {
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_SK:
      return true;
    default:
      return std::binary_search(std::begin(kWordBreakIgnorable), std::end(kWordBreakIgnorable), c);
  }
}

// The code point that ends just before code unit index `end` (end > 0).
CodePointInfo CodePointBefore(std::u16string_view s, size_t end) {
  char16_t last = s[end - 1];
  if (IsTrailSurrogate(last) && end >= 2 && IsLeadSurrogate(s[end - 2])) {
    return {SurrogatePairToCodePoint(s[end - 2], last), 2, false};
  }
  return {last, 1, IsSurrogate(last)};
}

// Final_Sigma (Unicode §3.13, Table 3-17) for the Σ at code unit `index`: preceded by a cased
// letter and then zero or more case-ignorable code points, and not followed by zero or more
// case-ignorable code points and then a cased letter. As in ICU (and so Node), a code point that is
// both cased and case-ignorable counts as case-ignorable while scanning.
bool IsFinalSigma(std::u16string_view s, size_t index) {
  bool preceded = false;
  for (size_t end = index; end > 0;) {
    CodePointInfo cp = CodePointBefore(s, end);
    end -= cp.code_unit_count;
    if (IsCaseIgnorable(cp.code_point)) continue;
    preceded = IsCased(cp.code_point);
    break;
  }
  if (!preceded) return false;
  for (size_t pos = index + 1; pos < s.size();) {
    CodePointInfo cp = CodePointAt(s, pos);
    pos += cp.code_unit_count;
    if (IsCaseIgnorable(cp.code_point)) continue;
    return !IsCased(cp.code_point);
  }
  return true;
}

// Index of the first code unit at or after `from` that is not ASCII, or s.size().
size_t FirstNonAscii(std::u16string_view s, size_t from) {
  while (from < s.size() && s[from] < 0x80) ++from;
  return from;
}

}  // namespace

// ---- Code points ----

CodePointInfo CodePointAt(std::u16string_view s, size_t position) {
  char16_t first = s[position];
  if (!IsSurrogate(first)) return {first, 1, false};
  if (IsTrailSurrogate(first) || position + 1 == s.size()) return {first, 1, true};
  char16_t second = s[position + 1];
  if (!IsTrailSurrogate(second)) return {first, 1, true};
  return {SurrogatePairToCodePoint(first, second), 2, false};
}

void AppendCodePoint(char32_t cp, std::u16string* out) {
  if (cp < 0x10000) {
    out->push_back(static_cast<char16_t>(cp));
    return;
  }
  cp -= 0x10000;
  out->push_back(static_cast<char16_t>(0xD800 + (cp >> 10)));
  out->push_back(static_cast<char16_t>(0xDC00 + (cp & 0x3FF)));
}

bool IsWellFormed(std::u16string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    char16_t c = s[i];
    if (!IsSurrogate(c)) continue;
    if (IsTrailSurrogate(c) || i + 1 == s.size() || !IsTrailSurrogate(s[i + 1])) return false;
    ++i;
  }
  return true;
}

std::u16string ToWellFormed(std::u16string_view s) {
  std::u16string out(s);
  for (size_t i = 0; i < out.size(); ++i) {
    char16_t c = out[i];
    if (!IsSurrogate(c)) continue;
    if (IsLeadSurrogate(c) && i + 1 < out.size() && IsTrailSurrogate(out[i + 1])) {
      ++i;
    } else {
      out[i] = kReplacementChar;
    }
  }
  return out;
}

// ---- UTF-8 ↔ UTF-16 ----

void AppendUtf16ToUtf8(std::u16string_view s, std::string* out) {
  size_t ascii = FirstNonAscii(s, 0);
  size_t old_size = out->size();
  out->resize(old_size + ascii);
  char* dest = out->data() + old_size;
  for (size_t k = 0; k < ascii; ++k) dest[k] = static_cast<char>(s[k]);
  if (ascii == s.size()) return;
  out->reserve(out->size() + (s.size() - ascii) * 3);
  for (size_t i = ascii; i < s.size();) {
    char16_t c = s[i];
    if (c < 0x80) {
      out->push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    CodePointInfo cp = CodePointAt(s, i);
    AppendUtf8(cp.is_unpaired_surrogate ? kReplacementChar : cp.code_point, out);
    i += cp.code_unit_count;
  }
}

std::string Utf16ToUtf8(std::u16string_view s) {
  std::string out;
  AppendUtf16ToUtf8(s, &out);
  return out;
}

absl::StatusOr<std::string> Utf16ToUtf8Strict(std::u16string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    CodePointInfo cp = CodePointAt(s, i);
    if (cp.is_unpaired_surrogate) {
      return absl::InvalidArgumentError(
          absl::StrFormat("unpaired surrogate U+%04X at index %d", s[i], i));
    }
    AppendUtf8(cp.code_point, &out);
    i += cp.code_unit_count;
  }
  return out;
}

std::u16string Utf8ToUtf16(std::string_view s) {
  std::u16string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    size_t ascii = AsciiPrefixLength(s.substr(i));
    out.append(s.begin() + i, s.begin() + i + ascii);
    i += ascii;
    if (i == s.size()) break;
    Utf8Step step = DecodeUtf8(s, i);
    if (step.valid) {
      AppendCodePoint(step.code_point, &out);
    } else {
      out.push_back(kReplacementChar);
    }
    i += step.length;
  }
  return out;
}

absl::StatusOr<std::u16string> Utf8ToUtf16Strict(std::string_view s) {
  std::u16string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    Utf8Step step = DecodeUtf8(s, i);
    if (!step.valid) {
      return absl::InvalidArgumentError(absl::StrFormat("invalid UTF-8 at byte offset %d", i));
    }
    AppendCodePoint(step.code_point, &out);
    i += step.length;
  }
  return out;
}

std::u16string Latin1ToUtf16(std::string_view s) {
  std::u16string out(s.size(), u'\0');
  for (size_t i = 0; i < s.size(); ++i) out[i] = static_cast<uint8_t>(s[i]);
  return out;
}

// ---- White space ----

bool IsJsWhiteSpaceOrLineTerminator(char32_t c) {
  if (c < 0x80) return c == 0x20 || (c >= 0x09 && c <= 0x0D);  // TAB LF VT FF CR SP.
  switch (c) {
    case 0x00A0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
    case 0xFEFF:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200A;
  }
}

std::u16string_view TrimJs(std::u16string_view s, TrimWhere where) {
  size_t begin = 0;
  size_t end = s.size();
  if (where != TrimWhere::kEnd) {
    while (begin < end && IsJsWhiteSpaceOrLineTerminator(s[begin])) ++begin;
  }
  if (where != TrimWhere::kStart) {
    while (end > begin && IsJsWhiteSpaceOrLineTerminator(s[end - 1])) --end;
  }
  return s.substr(begin, end - begin);
}

// ---- Case mapping ----

std::u16string ToUpperCase(std::u16string_view s) {
  size_t i = FirstNonAscii(s, 0);
  std::u16string out(i, u'\0');
  for (size_t k = 0; k < i; ++k) {
    char16_t c = s[k];
    out[k] = c >= 'a' && c <= 'z' ? c - 0x20 : c;
  }
  if (i == s.size()) return out;
  out.reserve(s.size() + 8);
  while (i < s.size()) {
    CodePointInfo cp = CodePointAt(s, i);
    i += cp.code_unit_count;
    if (cp.is_unpaired_surrogate) {
      out.push_back(static_cast<char16_t>(cp.code_point));
    } else if (const SpecialUpper* special = FindSpecialUpper(cp.code_point)) {
      for (char16_t unit : special->to) {
        if (unit != 0) out.push_back(unit);
      }
    } else {
      AppendCodePoint(SimpleUpper(cp.code_point), &out);
    }
  }
  return out;
}

std::u16string ToLowerCase(std::u16string_view s) {
  size_t i = FirstNonAscii(s, 0);
  std::u16string out(i, u'\0');
  for (size_t k = 0; k < i; ++k) {
    char16_t c = s[k];
    out[k] = c >= 'A' && c <= 'Z' ? c + 0x20 : c;
  }
  if (i == s.size()) return out;
  out.reserve(s.size() + 8);
  while (i < s.size()) {
    size_t position = i;
    CodePointInfo cp = CodePointAt(s, i);
    i += cp.code_unit_count;
    if (cp.is_unpaired_surrogate) {
      out.push_back(static_cast<char16_t>(cp.code_point));
    } else if (cp.code_point == 0x0130) {  // İ → i + COMBINING DOT ABOVE (SpecialCasing.txt).
      out.push_back(u'i');
      out.push_back(0x0307);
    } else if (cp.code_point == 0x03A3) {  // Σ → ς at the end of a word, else σ.
      out.push_back(IsFinalSigma(s, position) ? 0x03C2 : 0x03C3);
    } else {
      AppendCodePoint(SimpleLower(cp.code_point), &out);
    }
  }
  return out;
}

// ---- Normalization ----

absl::StatusOr<NormalizationForm> ParseNormalizationForm(std::u16string_view form) {
  if (form == u"NFC") return NormalizationForm::kNFC;
  if (form == u"NFD") return NormalizationForm::kNFD;
  if (form == u"NFKC") return NormalizationForm::kNFKC;
  if (form == u"NFKD") return NormalizationForm::kNFKD;
  return absl::InvalidArgumentError(
      "The normalization form should be one of NFC, NFD, NFKC, NFKD.");
}

absl::StatusOr<std::u16string> Normalize(std::u16string_view s, NormalizationForm form) {
  // Code units below these bounds are unchanged by the form and never combine with what follows
  // (combining marks start at U+0300, Latin-1 letters decompose canonically from U+00C0 and the
  // compatibility decompositions of Latin-1 start at U+00A0).
  char16_t stable_below = 0xA0;
  int options = UTF8PROC_STABLE;
  switch (form) {
    case NormalizationForm::kNFC:
      stable_below = 0x300;
      options |= UTF8PROC_COMPOSE;
      break;
    case NormalizationForm::kNFD:
      stable_below = 0xC0;
      options |= UTF8PROC_DECOMPOSE;
      break;
    case NormalizationForm::kNFKC:
      options |= UTF8PROC_COMPOSE | UTF8PROC_COMPAT;
      break;
    case NormalizationForm::kNFKD:
      options |= UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT;
      break;
  }
  if (std::all_of(s.begin(), s.end(), [&](char16_t c) { return c < stable_below; })) {
    return std::u16string(s);
  }
  std::u16string out;
  out.reserve(s.size());
  std::string utf8;
  size_t i = 0;
  while (i < s.size()) {
    // A run without unpaired surrogates, normalized as UTF-8 by utf8proc.
    size_t run_end = i;
    while (run_end < s.size()) {
      CodePointInfo cp = CodePointAt(s, run_end);
      if (cp.is_unpaired_surrogate) break;
      run_end += cp.code_unit_count;
    }
    if (run_end > i) {
      utf8.clear();
      AppendUtf16ToUtf8(s.substr(i, run_end - i), &utf8);
      utf8proc_uint8_t* result = nullptr;
      utf8proc_ssize_t length = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(utf8.data()),
                                             static_cast<utf8proc_ssize_t>(utf8.size()), &result,
                                             static_cast<utf8proc_option_t>(options));
      if (length < 0) {
        return absl::InternalError(
            absl::StrCat("normalize: utf8proc failed: ", utf8proc_errmsg(length)));
      }
      std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(result, &std::free);
      std::u16string run = Utf8ToUtf16(
          std::string_view(reinterpret_cast<const char*>(result), static_cast<size_t>(length)));
      out.append(run);
    }
    if (run_end < s.size()) out.push_back(s[run_end++]);  // The unpaired surrogate itself.
    i = run_end;
  }
  return out;
}

}  // namespace codemode::support
