#include "vm/support/uri.h"

#include <cstdint>

#include "absl/status/status.h"
#include "vm/support/text.h"

namespace codemode::support {
namespace {

absl::Status UriError() { return absl::InvalidArgumentError("URI malformed"); }

// Bit sets over ASCII for the ECMA-262 §19.2.6.1 character classes.
struct AsciiSet {
  uint64_t bits[2] = {0, 0};
  constexpr void Add(std::string_view chars) {
    for (char c : chars) bits[c >> 6] |= uint64_t{1} << (c & 63);
  }
  constexpr bool Contains(char16_t c) const {
    return c < 128 && ((bits[c >> 6] >> (c & 63)) & 1) != 0;
  }
};

constexpr std::string_view kUriAlphaDigitMark =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.!~*'()";
constexpr std::string_view kUriReservedAndHash = ";/?:@&=+$,#";

constexpr AsciiSet MakeSet(std::string_view a, std::string_view b) {
  AsciiSet set;
  set.Add(a);
  set.Add(b);
  return set;
}

constexpr AsciiSet kComponentUnescaped = MakeSet(kUriAlphaDigitMark, "");
constexpr AsciiSet kUriUnescaped = MakeSet(kUriAlphaDigitMark, kUriReservedAndHash);
constexpr AsciiSet kNothingPreserved = MakeSet("", "");
constexpr AsciiSet kReservedPreserved = MakeSet("", kUriReservedAndHash);

// Encode (ECMA-262 §19.2.6.5).
absl::StatusOr<std::u16string> Encode(std::u16string_view s, const AsciiSet& unescaped) {
  static constexpr char16_t kHex[] = u"0123456789ABCDEF";
  std::u16string out;
  out.reserve(s.size());
  for (size_t k = 0; k < s.size();) {
    char16_t c = s[k];
    if (unescaped.Contains(c)) {
      out.push_back(c);
      ++k;
      continue;
    }
    CodePointInfo cp = CodePointAt(s, k);
    if (cp.is_unpaired_surrogate) return UriError();
    k += cp.code_unit_count;
    // UTF-8 bytes of the code point, written as %XX each.
    uint8_t bytes[4];
    int count;
    char32_t v = cp.code_point;
    if (v < 0x80) {
      bytes[0] = static_cast<uint8_t>(v);
      count = 1;
    } else if (v < 0x800) {
      bytes[0] = static_cast<uint8_t>(0xC0 | (v >> 6));
      bytes[1] = static_cast<uint8_t>(0x80 | (v & 0x3F));
      count = 2;
    } else if (v < 0x10000) {
      bytes[0] = static_cast<uint8_t>(0xE0 | (v >> 12));
      bytes[1] = static_cast<uint8_t>(0x80 | ((v >> 6) & 0x3F));
      bytes[2] = static_cast<uint8_t>(0x80 | (v & 0x3F));
      count = 3;
    } else {
      bytes[0] = static_cast<uint8_t>(0xF0 | (v >> 18));
      bytes[1] = static_cast<uint8_t>(0x80 | ((v >> 12) & 0x3F));
      bytes[2] = static_cast<uint8_t>(0x80 | ((v >> 6) & 0x3F));
      bytes[3] = static_cast<uint8_t>(0x80 | (v & 0x3F));
      count = 4;
    }
    for (int i = 0; i < count; ++i) {
      out.push_back(u'%');
      out.push_back(kHex[bytes[i] >> 4]);
      out.push_back(kHex[bytes[i] & 0xF]);
    }
  }
  return out;
}

int HexValue(char16_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// ParseHexOctet (ECMA-262 §19.2.6.7) of s[pos], s[pos + 1]; -1 if not two hex digits.
int ParseHexOctet(std::u16string_view s, size_t pos) {
  if (pos + 2 > s.size()) return -1;
  int hi = HexValue(s[pos]);
  int lo = HexValue(s[pos + 1]);
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

// Decode (ECMA-262 §19.2.6.6).
absl::StatusOr<std::u16string> Decode(std::u16string_view s, const AsciiSet& preserved) {
  std::u16string out;
  out.reserve(s.size());
  for (size_t k = 0; k < s.size(); ++k) {
    char16_t c = s[k];
    if (c != '%') {
      out.push_back(c);
      continue;
    }
    size_t start = k;
    int b = ParseHexOctet(s, k + 1);
    if (b < 0) return UriError();
    k += 2;
    if (b < 0x80) {
      if (preserved.Contains(static_cast<char16_t>(b))) {
        out.append(s.substr(start, 3));
      } else {
        out.push_back(static_cast<char16_t>(b));
      }
      continue;
    }
    // Lead byte → sequence length and the allowed range of the second byte (Unicode Table 3-7),
    // which rules out overlongs, surrogates and code points above U+10FFFF.
    int n;
    char32_t v;
    int second_lo = 0x80, second_hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
      n = 2;
      v = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
      n = 3;
      v = b & 0x0F;
      if (b == 0xE0) second_lo = 0xA0;
      if (b == 0xED) second_hi = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      n = 4;
      v = b & 0x07;
      if (b == 0xF0) second_lo = 0x90;
      if (b == 0xF4) second_hi = 0x8F;
    } else {
      return UriError();  // A continuation byte, C0/C1 (always overlong) or F5..FF.
    }
    for (int j = 1; j < n; ++j) {
      ++k;
      if (k >= s.size() || s[k] != '%') return UriError();
      int continuation = ParseHexOctet(s, k + 1);
      int lo = j == 1 ? second_lo : 0x80;
      int hi = j == 1 ? second_hi : 0xBF;
      if (continuation < lo || continuation > hi) return UriError();
      v = (v << 6) | (continuation & 0x3F);
      k += 2;
    }
    AppendCodePoint(v, &out);
  }
  return out;
}

}  // namespace

absl::StatusOr<std::u16string> EncodeURIComponent(std::u16string_view s) {
  return Encode(s, kComponentUnescaped);
}

absl::StatusOr<std::u16string> EncodeURI(std::u16string_view s) { return Encode(s, kUriUnescaped); }

absl::StatusOr<std::u16string> DecodeURIComponent(std::u16string_view s) {
  return Decode(s, kNothingPreserved);
}

absl::StatusOr<std::u16string> DecodeURI(std::u16string_view s) {
  return Decode(s, kReservedPreserved);
}

}  // namespace codemode::support
