// Text helpers against Node (ICU): data/{case,sigma,normalize,text}.txt come from data/gen_text.js.
#include "vm/support/text.h"

#include <utf8proc.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "tests/vm_support/data_util.h"

namespace codemode::support {
namespace {

using testdata::Fields;
using testdata::HexUnits;
using testdata::Mismatches;
using testdata::Show;
using testdata::Unescape;

uint32_t Hex(std::string_view s) { return std::strtoul(std::string(s).c_str(), nullptr, 16); }

// Node 20 has Unicode 17 data (ICU 78), utf8proc 2.8 has Unicode 15.0. Expected to differ, and only
// counted: code points assigned since 15.0 (unassigned for us) and old ones whose properties
// changed: U+0295 (Ll → Lo in 16.0), U+1171E (Mn → Mc in 16.0), U+019B and U+0264 (uppercase
// partners U+A7DC, U+A7CB added in 16.0), U+A7D3 and U+A7D5 (uppercase partners U+A7D2, U+A7D4
// added in 17.0).
bool NewerThanOurUnicode(char32_t c) {
  switch (c) {
    case 0x0295:
    case 0x1171E:
    case 0x019B:
    case 0x0264:
    case 0xA7D3:
    case 0xA7D5:
      return true;
    default:
      return utf8proc_category(static_cast<utf8proc_int32_t>(c)) == UTF8PROC_CATEGORY_CN;
  }
}

std::u16string FromCodePoint(char32_t c) {
  std::u16string s;
  AppendCodePoint(c, &s);
  return s;
}

std::string BytesHex(std::string_view bytes) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char b : bytes) {
    out.push_back(kHex[b >> 4]);
    out.push_back(kHex[b & 15]);
  }
  return out;
}

std::string HexBytes(std::string_view hex) {
  std::string out;
  for (size_t i = 0; i + 2 <= hex.size(); i += 2)
    out.push_back(static_cast<char>(Hex(hex.substr(i, 2))));
  return out;
}

std::u16string expect_of(const std::map<char32_t, std::u16string>& map, char32_t c,
                         const std::u16string& itself) {
  auto it = map.find(c);
  return it == map.end() ? itself : it->second;
}

TEST_CASE("case mapping of every code point matches Node", "[text][node]") {
  std::map<char32_t, std::u16string> upper, lower;
  for (const std::string& line : testdata::ReadLines("case.txt")) {
    auto f = Fields(line);
    (f[0] == "U" ? upper : lower)[Hex(f[1])] = HexUnits(f[2]);
  }
  REQUIRE(upper.size() > 1000);
  REQUIRE(lower.size() > 1000);
  Mismatches bad_upper, bad_lower;
  int newer = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (IsSurrogate(c)) continue;
    std::u16string s = FromCodePoint(c);
    if (NewerThanOurUnicode(c)) {
      if (ToUpperCase(s) != expect_of(upper, c, s) || ToLowerCase(s) != expect_of(lower, c, s))
        ++newer;
      continue;
    }
    std::u16string want_upper = expect_of(upper, c, s);
    std::u16string got_upper = ToUpperCase(s);
    if (got_upper != want_upper) {
      bad_upper.Add("U+" + Show(s) + ": got " + Show(got_upper) + " want " + Show(want_upper));
    }
    std::u16string want_lower = expect_of(lower, c, s);
    std::u16string got_lower = ToLowerCase(s);
    if (got_lower != want_lower) {
      bad_lower.Add("U+" + Show(s) + ": got " + Show(got_lower) + " want " + Show(want_lower));
    }
  }
  WARN(newer << " code points new since Unicode 15.0 case-map differently in Node");
  INFO("toUpperCase differences: " << bad_upper.count() << "\n" << bad_upper.report());
  CHECK(bad_upper.count() == 0);
  INFO("toLowerCase differences: " << bad_lower.count() << "\n" << bad_lower.report());
  CHECK(bad_lower.count() == 0);
}

TEST_CASE("Final_Sigma context of every code point matches Node", "[text][node]") {
  auto lines = testdata::ReadLines("sigma.txt");
  Mismatches bad;
  int checked = 0;
  int newer = 0;
  for (const std::string& line : lines) {
    auto f = Fields(line);
    char32_t first = Hex(f[0]);
    char32_t last = Hex(f[1]);
    uint32_t pattern = Hex(f[2]);
    for (char32_t c = first; c <= last; ++c) {
      if (IsSurrogate(c)) continue;
      ++checked;
      std::u16string s = FromCodePoint(c);
      size_t lower_len = ToLowerCase(s).size();
      auto is_final = [](const std::u16string& lowered, size_t index) {
        return index < lowered.size() && lowered[index] == u'\u03C2';
      };
      uint32_t got = (is_final(ToLowerCase(s + u"\u03A3"), lower_len) ? 1 : 0) |
                     (is_final(ToLowerCase(u"A" + s + u"\u03A3"), 1 + lower_len) ? 2 : 0) |
                     (is_final(ToLowerCase(u"A\u03A3" + s), 1) ? 4 : 0) |
                     (is_final(ToLowerCase(u"A\u03A3" + s + u"a"), 1) ? 8 : 0);
      if (got != pattern && NewerThanOurUnicode(c)) {
        ++newer;
      } else if (got != pattern) {
        char buf[64];
        std::snprintf(buf, sizeof(buf), "U+%04X: got pattern %x want %x", static_cast<unsigned>(c),
                      got, pattern);
        bad.Add(buf);
      }
    }
  }
  CHECK(checked == 0x110000 - 0x800);
  WARN(newer << " code points new since Unicode 15.0 have other Final_Sigma properties in Node");
  INFO("Final_Sigma differences: " << bad.count() << "\n" << bad.report());
  CHECK(bad.count() == 0);
}

TEST_CASE("case mapping of strings matches Node", "[text][node]") {
  Mismatches bad;
  int checked = 0;
  for (const std::string& line : testdata::ReadLines("text.txt")) {
    auto f = Fields(line);
    if (f[0] != "UP" && f[0] != "LO") continue;
    ++checked;
    std::u16string in = Unescape(f[1]);
    std::u16string got = f[0] == "UP" ? ToUpperCase(in) : ToLowerCase(in);
    if (got != Unescape(f[2])) bad.Add(line + " => got " + Show(got));
  }
  CHECK(checked >= 4000);
  INFO(bad.report());
  CHECK(bad.count() == 0);
}

TEST_CASE("case mapping examples", "[text]") {
  CHECK(ToUpperCase(u"stra\u00dfe") == u"STRASSE");
  CHECK(ToLowerCase(u"\u0130") == u"i\u0307");
  CHECK(ToLowerCase(u"\u039F\u0394\u039F\u03A3") == u"\u03BF\u03B4\u03BF\u03C2");
  CHECK(ToLowerCase(u"\u03A3") == u"\u03C3");  // No cased letter before it.
  CHECK(ToLowerCase(u"A\u03A3B") == u"a\u03C3b");
  CHECK(ToLowerCase(u"A\u03A3.") == u"a\u03C2.");
  CHECK(ToUpperCase(u"\ufb03") == u"FFI");
  CHECK(ToUpperCase(u"\U00010428") == u"\U00010400");  // Deseret, astral.
  CHECK(ToUpperCase(u"a\xD800"
                    u"b") ==
        u"A\xD800"
        u"B");  // Unpaired surrogate kept.
  CHECK(ToUpperCase(u"hello") == u"HELLO");
  CHECK(ToLowerCase(u"HeLLo World") == u"hello world");
}

TEST_CASE("normalization matches Node", "[text][node]") {
  const NormalizationForm kForms[] = {NormalizationForm::kNFC, NormalizationForm::kNFD,
                                      NormalizationForm::kNFKC, NormalizationForm::kNFKD};
  std::vector<std::u16string> inputs;
  std::vector<std::array<std::u16string, 4>> wants;
  std::vector<bool> changed(0x110000, false);
  for (const std::string& line : testdata::ReadLines("normalize.txt")) {
    auto f = Fields(line);
    if (f[0] == "C") {
      char32_t c = Hex(f[1]);
      changed[c] = true;
      if (NewerThanOurUnicode(c)) continue;
      inputs.push_back(FromCodePoint(c));
      wants.push_back({HexUnits(f[2]), HexUnits(f[3]), HexUnits(f[4]), HexUnits(f[5])});
    } else {
      inputs.push_back(Unescape(f[1]));
      wants.push_back({Unescape(f[2]), Unescape(f[3]), Unescape(f[4]), Unescape(f[5])});
    }
  }
  REQUIRE(inputs.size() > 10000);
  Mismatches bad;
  for (size_t i = 0; i < inputs.size(); ++i) {
    for (int form = 0; form < 4; ++form) {
      absl::StatusOr<std::u16string> got = Normalize(inputs[i], kForms[form]);
      REQUIRE(got.ok());
      if (*got != wants[i][form]) {
        bad.Add("form " + std::to_string(form) + " of " + Show(inputs[i]) + ": got " + Show(*got) +
                " want " + Show(wants[i][form]));
      }
    }
  }
  // Every code point not listed is unchanged by all four forms.
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (IsSurrogate(c) || changed[c] || NewerThanOurUnicode(c)) continue;
    std::u16string s = FromCodePoint(c);
    for (int form = 0; form < 4; ++form) {
      absl::StatusOr<std::u16string> got = Normalize(s, kForms[form]);
      REQUIRE(got.ok());
      if (*got != s)
        bad.Add("form " + std::to_string(form) + " changed " + Show(s) + " to " + Show(*got));
    }
  }
  INFO("normalization differences: " << bad.count() << "\n" << bad.report());
  CHECK(bad.count() == 0);
}

TEST_CASE("normalization form names", "[text]") {
  CHECK(*ParseNormalizationForm(u"NFKD") == NormalizationForm::kNFKD);
  CHECK(ParseNormalizationForm(u"nfc").status().message() ==
        "The normalization form should be one of NFC, NFD, NFKC, NFKD.");
  CHECK(!ParseNormalizationForm(u"").ok());
}

TEST_CASE("white space, well-formedness and UTF-8 match Node", "[text][node]") {
  std::vector<bool> white(0x10000, false);
  Mismatches bad;
  int counts[4] = {0, 0, 0, 0};
  for (const std::string& line : testdata::ReadLines("text.txt")) {
    auto f = Fields(line);
    if (f[0] == "W") {
      ++counts[0];
      white[Hex(f[1])] = true;
    } else if (f[0] == "F") {
      ++counts[1];
      std::u16string s = HexUnits(f[1]);
      if (IsWellFormed(s) != (f[2] == "1")) bad.Add(line + " => IsWellFormed wrong");
      if (ToWellFormed(s) != HexUnits(f[3]))
        bad.Add(line + " => ToWellFormed " + Show(ToWellFormed(s)));
      absl::StatusOr<std::string> strict = Utf16ToUtf8Strict(s);
      if (strict.ok() != (f[2] == "1")) bad.Add(line + " => Utf16ToUtf8Strict status wrong");
    } else if (f[0] == "E") {
      ++counts[2];
      std::string got = BytesHex(Utf16ToUtf8(HexUnits(f[1])));
      if (got != f[2]) bad.Add(line + " => got " + got);
    } else if (f[0] == "D") {
      ++counts[3];
      std::string bytes = HexBytes(f[1]);
      std::u16string got = Utf8ToUtf16(bytes);
      std::u16string want = HexUnits(f[2]);
      if (got != want) bad.Add(line + " => got " + Show(got));
      bool valid = want.find(u'\uFFFD') == std::u16string::npos;
      if (Utf8ToUtf16Strict(bytes).ok() != valid &&
          bytes.find("\xEF\xBF\xBD") == std::string::npos) {
        bad.Add(line + " => Utf8ToUtf16Strict status wrong");
      }
    }
  }
  CHECK(counts[0] >= 20);
  CHECK(counts[1] >= 1000);
  CHECK(counts[2] >= 1000);
  CHECK(counts[3] >= 1000);
  for (char32_t c = 0; c < 0x10000; ++c) {
    if (IsJsWhiteSpaceOrLineTerminator(c) != white[c]) {
      bad.Add("white space U+" + Show(std::u16string(1, static_cast<char16_t>(c))));
    }
    std::u16string s = u"x";
    s.insert(s.begin(), static_cast<char16_t>(c));
    s.push_back(static_cast<char16_t>(c));
    std::u16string_view want =
        white[c] ? std::u16string_view(s).substr(1, 1) : std::u16string_view(s);
    if (TrimJs(s, TrimWhere::kBoth) != want) bad.Add("trim " + Show(s));
  }
  INFO(bad.report());
  CHECK(bad.count() == 0);
}

TEST_CASE("code points, trimming and UTF conversions", "[text]") {
  std::u16string s = u"a\U0001F600\xD800z\xDC00";
  std::vector<char32_t> cps;
  std::vector<size_t> positions;
  for (auto it = CodePoints(s).begin(); it != CodePoints(s).end(); ++it) {
    cps.push_back((*it).code_point);
    positions.push_back(it.position());
  }
  CHECK(cps == std::vector<char32_t>{u'a', 0x1F600, 0xD800, u'z', 0xDC00});
  CHECK(positions == std::vector<size_t>{0, 1, 3, 4, 5});
  CodePointInfo lone = CodePointAt(s, 3);
  CHECK(lone.is_unpaired_surrogate);
  CHECK(lone.code_unit_count == 1);
  CodePointInfo trail_first = CodePointAt(s, 2);  // The trail half of the emoji on its own.
  CHECK(trail_first.is_unpaired_surrogate);
  CHECK(CodePointAt(s, 1).code_unit_count == 2);

  CHECK(!IsWellFormed(s));
  CHECK(ToWellFormed(s) == u"a\U0001F600\uFFFDz\uFFFD");
  CHECK(Utf16ToUtf8(s) == "a\xF0\x9F\x98\x80\xEF\xBF\xBDz\xEF\xBF\xBD");
  CHECK(Utf16ToUtf8Strict(s).status().message() == "unpaired surrogate U+D800 at index 3");
  CHECK(*Utf16ToUtf8Strict(u"h\u00e9") == "h\xC3\xA9");
  CHECK(Utf8ToUtf16("\xE2\x82\xAC\xF0\x9F\x98\x80") == u"\u20AC\U0001F600");
  CHECK(Utf8ToUtf16("a\xE2\x82z") == u"a\uFFFDz");              // Truncated: one U+FFFD.
  CHECK(Utf8ToUtf16("\xED\xA0\x80") == u"\uFFFD\uFFFD\uFFFD");  // Surrogate: three.
  CHECK(Utf8ToUtf16Strict("ok\xC0\x80").status().message() == "invalid UTF-8 at byte offset 2");
  CHECK(Latin1ToUtf16("-1.5e+21") == u"-1.5e+21");

  CHECK(TrimJs(u" \ufeff a b \u2029", TrimWhere::kStart) == u"a b \u2029");
  CHECK(TrimJs(u" \ufeff a b \u2029", TrimWhere::kEnd) == u" \ufeff a b");
  CHECK(TrimJs(u"\u180e", TrimWhere::kBoth) == u"\u180e");
  CHECK(TrimJs(u"\t\n ", TrimWhere::kBoth).empty());
}

}  // namespace
}  // namespace codemode::support
