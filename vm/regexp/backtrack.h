// The second regular expression matcher: ECMA-262 §22.2.2 semantics exactly, as a backtracking
// machine over UTF-16 code units (or code points for u/v patterns). PCRE2 stays the engine for
// every pattern it can run with JavaScript's meaning; this one runs the patterns the translator
// refuses for PCRE2 (captures reset per iteration, the empty-check of quantified groups,
// variable-length lookbehind, backreferences and repeated captures in lookbehind, repeat counts
// above 65535) and u/v patterns against subjects with unpaired surrogates.
//
// The pattern arrives as a Node tree built by the parser in syntax.cc (the same pass that writes
// the PCRE2 text), is compiled into a small instruction list (lookbehind bodies compiled backwards,
// §22.2.2.4 direction), and runs with an explicit backtrack stack: no recursion on the subject's
// length, every choice point counted against a step limit and the stack's bytes against a memory
// limit. A compiled Program is immutable and may be shared between threads.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace codemode::regexp {

struct Flags;

// One node of a parsed pattern (ECMA-262 §22.2.1 productions after Annex B resolution).
struct Node {
  enum class Kind : uint8_t {
    kEmpty,         // matches the empty string
    kSet,           // one character of `ranges` / `pcre_class` (negated: one character outside)
    kSeq,           // kids in order (Alternative)
    kAlt,           // kids tried in order (Disjunction)
    kCapture,       // capturing group `index` around kids[0]
    kLook,          // lookahead (`ahead`) or lookbehind, `negative`, around kids[0]
    kBackref,       // backreference to group `index`
    kRepeat,        // kids[0] {min,max}, `greedy`; captures [cap_first, cap_first+cap_count) inside
    kStart,         // ^ (multiline: after a line terminator too)
    kEnd,           // $
    kWordBoundary,  // \b
    kNotWordBoundary,
  };
  Kind kind = Kind::kEmpty;
  std::vector<std::unique_ptr<Node>> kids;
  // kSet: inclusive ranges of code points (units for non-u patterns), sorted and disjoint; plus an
  // optional PCRE2 class text matching one code point (Unicode properties, v-flag set operations
  // over them) that PCRE2 evaluates.
  std::vector<std::pair<char32_t, char32_t>> ranges;
  std::u16string pcre_class;
  // kSet of a v-flag class with strings (never negated): its members of other than one code point,
  // sorted, maybe the empty string; tried longest first, then one character of the set, then the
  // empty string (ECMA-262 §22.2.2.9 CompileAtom).
  std::vector<std::u32string> strings;
  bool negated = false;
  uint32_t index = 0;                   // kCapture / kBackref
  bool ahead = true, negative = false;  // kLook
  uint64_t min = 0, max = 0;            // kRepeat; max UINT64_MAX is unbounded
  bool greedy = true;
  uint32_t cap_first = 0, cap_count = 0;
};

// Case-insensitive equality of two characters under Canonicalize (ECMA-262 §22.2.2.7.3), from the
// same case tables as the PCRE2 translation (syntax.cc).
bool CaseEquivalent(char32_t a, char32_t b, bool unicode);
// One representative of `c`'s Canonicalize equivalence class (equal for equivalent characters).
char32_t CaseKey(char32_t c, bool unicode);

class Program {
 public:
  enum class Outcome { kMatch, kNoMatch, kStepLimit, kMemoryLimit, kInterrupted };
  // Exec calls fn(ctx) after every `every` steps of work; false stops the match with kInterrupted
  // (the caller's deadline passed).
  struct Poll {
    bool (*fn)(void*);
    void* ctx;
    uint64_t every;
  };

  // Compiles `root` for `flags` with `captures` capturing groups. nullptr with *error set when a
  // PCRE2 class text does not compile (never for the parser's output).
  static std::unique_ptr<Program> Compile(const Node& root, uint32_t captures, const Flags& flags,
                                          std::string* error);
  ~Program();

  // Bytes the compiled program holds (instructions, classes, tries), for the memory limit.
  size_t Bytes() const;

  // Finds the first match at or after `start` (only at `start` when `anchored`), ECMA-262
  // §22.2.7.2 RegExpBuiltinExec steps 11-13. `ovector` gets (start, end) code-unit pairs for the
  // match and each group, SIZE_MAX for unset groups. `*steps` gets the work done, counted like
  // PCRE2's match limit counts backtracking: start positions tried, quantifier iterations and
  // returns to a choice point (between two of those the machine runs at most the program once,
  // plus backreference comparisons); past `max_steps` the outcome is kStepLimit. The backtrack
  // stack's bytes past `max_stack_bytes` give kMemoryLimit. `poll` (may be null) is asked whether to
  // go on every poll->every steps.
  Outcome Exec(std::u16string_view subject, size_t start, bool anchored, uint64_t max_steps,
               uint64_t max_stack_bytes, std::vector<size_t>* ovector, uint64_t* steps,
               const Poll* poll = nullptr) const;

  struct Impl;

 private:
  explicit Program(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace codemode::regexp
