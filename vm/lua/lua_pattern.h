// Lua 5.4 patterns (manual §6.4.1) and the matching loops of string.find, string.match,
// string.gmatch and string.gsub (§6.4), over byte strings. Nothing here calls program code: gsub
// with a table or function replacement is driven by the caller through LuaGsubNext.
//
// Semantics follow lua5.4 exactly, including where it is lazy: a malformed piece of a pattern is
// only reported when the matcher reaches it (string.find("abc", "x%") is nil, string.find("x",
// "x%") is the error "malformed pattern (ends with '%')"). Character classes use the C locale
// (ASCII; bytes ≥ 0x80 belong to no class); the deprecated %z still means the NUL byte, as in
// lua5.4.
//
// Bounds: the matcher recurses only for captures and quantified items, never per subject byte, and
// at most kLuaMaxMatchDepth levels (then the Lua error "pattern too complex", as lua5.4's
// MAXCCALLS); a
// `*`, `-`, `+` expansion or a plain run of single-character items is a loop. Each elementary step
// is charged to a StepBudget; when it runs out the call returns StepBudgetExhausted()
// (ResourceExhausted), which the VM turns into its step-limit termination. Errors are Lua errors
// (vm/lua/lua_status.h).
//
// Positions: `size_t` offsets are 0-based byte offsets into the subject; the Lua-facing helpers
// take and return Lua's 1-based positions as int64_t.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "vm/lua/lua_status.h"

namespace codemode::vm::lua {

// LUA_MAXCAPTURES: "too many captures" beyond this.
inline constexpr int kLuaMaxCaptures = 32;
// MAXCCALLS of lstrlib.c: nesting depth of the matcher before "pattern too complex".
inline constexpr int kLuaMaxMatchDepth = 200;

// One capture of a match: `len` bytes from `start`, or a position capture `()`, or (only in a match
// whose pattern ended inside an open capture) unfinished.
struct LuaCapture {
  static constexpr ptrdiff_t kUnfinished = -1;
  static constexpr ptrdiff_t kPosition = -2;
  size_t start = 0;
  ptrdiff_t len = kUnfinished;
};

// The result of one match attempt loop: [start, end) of the whole match and its `ncap` captures.
struct LuaMatch {
  bool found = false;
  size_t start = 0;
  size_t end = 0;
  int ncap = 0;
  std::array<LuaCapture, kLuaMaxCaptures> caps;
};

// A capture as Lua returns it: a substring (a view into the subject) or a 1-based position
// (integer).
struct LuaCaptureValue {
  bool is_position = false;
  int64_t position = 0;
  std::string_view text;
};

// Matches `pattern` against `s` starting at the 0-based offset `init` (≤ s.size()), trying each
// later start position unless the pattern is anchored. `anchor_allowed`: a leading '^' anchors
// (find, match, gsub); false treats it as a literal character (gmatch). Not found is `found ==
// false`, not an error.
absl::StatusOr<LuaMatch> LuaPatternFind(std::string_view s, std::string_view pattern, size_t init,
                                        bool anchor_allowed, StepBudget* budget);

// Capture `i` (0-based) of a found match `m` of subject `s`, as get_onecapture: i ≥ m.ncap is the
// whole match when i == 0 and the error "invalid capture index %<i+1>" otherwise (e.g. "invalid
// capture index %2" for "%2" in a replacement); an unfinished capture is the error "unfinished
// capture".
absl::StatusOr<LuaCaptureValue> LuaGetCapture(const LuaMatch& m, std::string_view s, int i);

// All captures of `m` as Lua pushes them. `whole_if_none`: a match without captures yields the
// whole match (match, gmatch, gsub's function argument); false yields nothing (find). Errors as
// LuaGetCapture.
absl::StatusOr<std::vector<LuaCaptureValue>> LuaMatchCaptures(const LuaMatch& m, std::string_view s,
                                                              bool whole_if_none);

// Lua's posrelatI for string.find/match/gmatch init (and string.unpack's position): negative counts
// from the end, 0 and values below -len are 1. Returns the 1-based position (may exceed len + 1).
int64_t LuaRelativeInit(int64_t pos, size_t len);

// string.find(s, pattern, init, plain) (manual §6.4). `init` is the Lua argument (1 when absent).
// Found: 1-based inclusive `start`/`end` and the captures (none when the pattern has none). A plain
// search happens when `plain` is true or the pattern has none of "^$*+?.([%-". init > #s + 1 → not
// found.
struct LuaFindResult {
  bool found = false;
  int64_t start = 0;
  int64_t end = 0;
  std::vector<LuaCaptureValue> captures;
};
absl::StatusOr<LuaFindResult> LuaStringFind(std::string_view s, std::string_view pattern,
                                            int64_t init, bool plain, StepBudget* budget);

// string.match(s, pattern, init): the captures (the whole match when there are none), or nullopt
// (nil) when there is no match or init > #s + 1.
absl::StatusOr<std::optional<std::vector<LuaCaptureValue>>> LuaStringMatch(std::string_view s,
                                                                           std::string_view pattern,
                                                                           int64_t init,
                                                                           StepBudget* budget);

// The state of a string.gmatch iterator (Lua 5.4 lstrlib GMatchState minus the pointers), small and
// plain so the VM can keep it in a heap object and snapshot it: the next start offset and the end
// of the previous match (a match ending there again is skipped: 5.4's rule for empty matches).
struct LuaGmatchState {
  size_t src = 0;
  int64_t lastmatch = -1;  // -1: no match yet
};

// The initial state for string.gmatch(s, pattern, init); `init` is the Lua argument (1 when
// absent).
LuaGmatchState LuaGmatchStart(std::string_view s, int64_t init);

// The next match of a gmatch iteration (the subject and pattern must be the same on every call);
// `found == false` ends the iteration. Use LuaMatchCaptures(m, s, true) for the values. A leading
// '^' is a literal character here, as in lua5.4.
absl::StatusOr<LuaMatch> LuaGmatchNext(std::string_view s, std::string_view pattern,
                                       LuaGmatchState* state, StepBudget* budget);

// The state of a string.gsub loop, resumable between matches (a function replacement runs program
// code between two calls of LuaGsubNext).
struct LuaGsubState {
  size_t src = 0;          // next offset to try
  int64_t lastmatch = -1;  // end of the previous match, -1 none
  int64_t count = 0;       // matches found so far (gsub's second result)
  bool done = false;
};

// One step of gsub: append subject bytes [copy_begin, copy_end) verbatim, then, if `match.found`,
// the replacement of `match`; when !match.found the loop is over (the copy range was the tail).
struct LuaGsubStep {
  size_t copy_begin = 0;
  size_t copy_end = 0;
  LuaMatch match;
};

// Advances a gsub loop over `s` with `pattern` (a leading '^' anchors: at most one match at offset
// 0), replacing at most `max_n` matches (gsub's 4th argument; #s + 1 when absent). Call until a
// step with !match.found. Replacement values: a string via LuaGsubAppendReplacement; a table is
// indexed with LuaGetCapture(m, s, 0); a function gets LuaMatchCaptures(m, s, true); a false/nil
// result keeps the original match text, another non-string, non-number is the Lua error "invalid
// replacement value (a <typename>)" (the caller raises it).
absl::StatusOr<LuaGsubStep> LuaGsubNext(std::string_view s, std::string_view pattern, int64_t max_n,
                                        LuaGsubState* state, StepBudget* budget);

// Appends the string replacement `repl` for match `m` of `s` to `out` (manual §6.4 string.gsub):
// "%0" the whole match, "%1"-"%9" captures (a position capture as its decimal integer), "%%" a '%'.
// Errors: "invalid use of '%' in replacement string" for '%' followed by anything else or at the
// end; "invalid capture index %N" (LuaGetCapture) and "unfinished capture".
absl::Status LuaGsubAppendReplacement(std::string_view s, const LuaMatch& m, std::string_view repl,
                                      std::string* out);

}  // namespace codemode::vm::lua
