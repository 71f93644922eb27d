// The utf8 library of Lua 5.4 (manual §6.5) over byte strings, as lua5.4.4 behaves: UTF-8 up to
// 0x7FFFFFFF in the extended 5- and 6-byte forms; "strict" (the default, lax = false) rejects code
// points above 0x10FFFF and surrogates; overlong encodings are always invalid. Errors are Lua
// errors (vm/lua/lua_status.h) with lua5.4's texts; positions are Lua's 1-based, negative from the
// end.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "vm/lua/lua_arg.h"

namespace codemode::vm::lua {

// utf8.charpattern: "[\0-\x7F\xC2-\xFD][\x80-\xBF]*" (14 bytes, with a NUL).
inline constexpr std::string_view kLuaUtf8CharPattern{"[\0-\x7F\xC2-\xFD][\x80-\xBF]*", 14};

// The UTF-8 bytes of `code` (≤ 0x7FFFFFFF; larger values are the caller's error), 1 to 6 bytes.
std::string LuaUtf8Encode(uint32_t code);

// Decodes the character starting at byte offset `pos` of `s` (pos < s.size()): its code point and
// the offset just past it; nullopt for an invalid sequence (bad continuation, overlong, >
// 0x7FFFFFFF, and when `strict` also > 0x10FFFF or a surrogate).
struct LuaUtf8Decoded {
  uint32_t code = 0;
  size_t next = 0;
};
std::optional<LuaUtf8Decoded> LuaUtf8Decode(std::string_view s, size_t pos, bool strict);

// utf8.char(...): `codes[k]` is argument #k+1; each must be an integer in [0, 0x7FFFFFFF] ("bad
// argument #N to 'char' (value out of range)", or the luaL_checkinteger errors).
absl::StatusOr<std::string> LuaUtf8Char(std::span<const LuaArg> codes);

// One step of the iterator utf8.codes(s [, lax]) returns: `control` is the previous position (0 at
// the start). Skips continuation bytes after it (stray ones are skipped silently, as lua5.4.4 does)
// and returns (position, code point), or nullopt at the end. An invalid sequence is the error
// "invalid UTF-8 code".
absl::StatusOr<std::optional<std::pair<int64_t, int64_t>>> LuaUtf8CodesStep(std::string_view s,
                                                                            int64_t control,
                                                                            bool lax);

// utf8.len(s [, i [, j [, lax]]]) (pass i = 1, j = -1 when absent): `valid` and the count, or
// !valid and the 1-based position of the first invalid byte (Lua returns fail, position). Errors:
// "bad argument #2 to 'len' (initial position out of bounds)", "bad argument #3 to 'len' (final
// position out of bounds)".
struct LuaUtf8LenResult {
  bool valid = true;
  int64_t value = 0;
};
absl::StatusOr<LuaUtf8LenResult> LuaUtf8Len(std::string_view s, int64_t i, int64_t j, bool lax);

// utf8.codepoint(s [, i [, j [, lax]]]) (pass i = 1 and j = i when absent): the code points of the
// characters starting in [i, j]. Errors: "bad argument #2 to 'codepoint' (out of bounds)", "bad
// argument #3 to 'codepoint' (out of bounds)", "invalid UTF-8 code", "string slice too long".
absl::StatusOr<std::vector<int64_t>> LuaUtf8Codepoint(std::string_view s, int64_t i, int64_t j,
                                                      bool lax);

// utf8.offset(s, n [, i]) (`i` nullopt when absent: 1 for n ≥ 0, #s + 1 for n < 0): the 1-based
// position where the n-th character counting from i starts (n = 0: the start of the character
// containing byte i), or nullopt (fail). Errors: "bad argument #3 to 'offset' (position out of
// bounds)", "initial position is a continuation byte".
absl::StatusOr<std::optional<int64_t>> LuaUtf8Offset(std::string_view s, int64_t n,
                                                     std::optional<int64_t> i);

}  // namespace codemode::vm::lua
