// JavaScript regular expression syntax (ECMA-262 §22.2.1 with Annex B.1.2 for patterns without the
// u/v flags): validation with V8's error messages, and translation into an equivalent PCRE2 pattern
// over UTF-16 code units (non-u patterns) or code points (u/v patterns, PCRE2_UTF). The translation
// spells every JavaScript construct out explicitly (character sets, anchors, case-insensitive
// equivalence classes, word boundaries) so that PCRE2 needs no option whose meaning differs from
// JavaScript's; what PCRE2 cannot express with JavaScript's meaning is reported as kUnsupported,
// never translated wrongly. Constructs PCRE2 cannot run but the backtracking matcher (backtrack.h)
// can are not errors: the Translation says so in `pcre_refusal` and carries the pattern's tree.
//
// Used by the compiler (early errors of regex literals) and by vm/builtins/regexp.cc. No VM types
// here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace codemode::regexp {

struct Node;  // backtrack.h

// The flags of a RegExp (ECMA-262 §22.2.3.1 RegExpInitialize step 5).
struct Flags {
  bool has_indices = false;   // d
  bool global = false;        // g
  bool ignore_case = false;   // i
  bool multiline = false;     // m
  bool dot_all = false;       // s
  bool unicode = false;       // u
  bool unicode_sets = false;  // v
  bool sticky = false;        // y

  // One bit per flag in "dgimsuvy" order (bit 0 = d).
  uint8_t Bits() const;
  static Flags FromBits(uint8_t bits);
  // The flags in canonical "dgimsuvy" order (the `flags` accessor of a built-in RegExp).
  std::string ToString() const;
  bool either_unicode() const { return unicode || unicode_sets; }
};

// Parses a flags string: each of "dgimsuvy" at most once, not both u and v. False when invalid.
bool ParseFlags(std::u16string_view text, Flags* out);

struct Translation {
  std::u16string pcre;         // the PCRE2 pattern
  bool utf = false;            // compile with PCRE2_UTF (the u or v flag)
  uint32_t capture_count = 0;  // capturing groups (all numbered like JavaScript's)
  // Named groups in pattern order: name and its 1-based group number.
  std::vector<std::pair<std::u16string, uint32_t>> group_names;
  // The pattern as a tree for the backtracking matcher (backtrack.h), always built.
  std::shared_ptr<const Node> tree;
  // Non-empty when PCRE2 cannot run the pattern with JavaScript's meaning (then `pcre` is not
  // usable and only the backtracking matcher can run it): a sentence saying which construct.
  std::string pcre_refusal;
};

struct Error {
  enum class Kind { kSyntax, kUnsupported };
  Kind kind = Kind::kSyntax;
  // kSyntax: V8's message without its prefix ("Unterminated group"); kUnsupported: a sentence
  // saying what is not supported.
  std::string message;
};

// Validates `source` (the pattern text as UTF-16) under `flags` and translates it (ECMA-262
// §22.2.3.3 ParsePattern). Translation of case-insensitive character classes with property escapes
// needs PCRE2 at translation time; everything else is pure.
std::variant<Translation, Error> Translate(std::u16string_view source, const Flags& flags);

// "Invalid regular expression: /SOURCE/FLAGS: MESSAGE" (V8's SyntaxError message), UTF-8.
std::string SyntaxErrorMessage(std::u16string_view source, const Flags& flags,
                               std::string_view message);

// The early error of a regular expression literal (ECMA-262 §13.2.7.2) whose body and flags are
// UTF-8 text as written: V8's "Invalid regular expression: /…/: …" message, or "" when it is valid
// (patterns that are valid but that the engine cannot run are not errors here).
std::string LiteralSyntaxError(std::string_view pattern_utf8, std::string_view flags);

// EscapeRegExpPattern (ECMA-262 §22.2.6.13.1): the `source` accessor's text: "(?:)" for an empty
// pattern, '/' escaped outside classes, line terminators as escapes.
std::u16string EscapePatternSource(std::u16string_view source);

}  // namespace codemode::regexp
