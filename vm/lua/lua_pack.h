// string.pack, string.packsize and string.unpack (Lua 5.4 manual §6.4.2) for this platform
// (x86-64, little-endian, LP64: h 2, i 4, l/j/T/size_t 8 bytes, f 4, d/n 8; native maximum
// alignment 8). Formats: < > = ![n] b B h H l L j J T i[n] I[n] f d n s[n] z x X<op> c<n> and
// spaces; a NUL byte ends the format as in lua5.4 (it reads the format as a C string). Errors are
// lua5.4's (Lua errors, vm/lua/lua_status.h): "invalid format option 'y'", "integral size (17) out
// of limits [1,16]", "missing size for format option 'c'", "<n>-byte integer does not fit into Lua
// Integer", and as "bad argument" errors: "integer overflow", "unsigned overflow", "string longer
// than given size", "string length does not fit in given size", "string contains zeros", "format
// asks for alignment not power of 2", "invalid next option for option 'X'", "variable-length
// format", "format result too large", "data string too short", "unfinished string for format 'z'",
// "initial position out of string", and the argument type errors of
// luaL_checkinteger/checknumber/checklstring.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "vm/lua/lua_arg.h"

namespace codemode::vm::lua {

// string.pack(fmt, v1, v2, ...): `values[k]` is argument #k+2. A missing value is reported as
// lua5.4 does ("... (number expected, got nil)").
absl::StatusOr<std::string> LuaPack(std::string_view fmt, std::span<const LuaArg> values);

// string.packsize(fmt): the size of any string string.pack(fmt, ...) makes; formats with s or z are
// "variable-length format"; sizes beyond INT_MAX are "format result too large".
absl::StatusOr<int64_t> LuaPackSize(std::string_view fmt);

// A value string.unpack returns: integer, float or string.
using LuaUnpackedValue = std::variant<int64_t, double, std::string>;

// string.unpack(fmt, data, pos): the values and, last, the 1-based position after the read data.
// `pos` is the Lua argument (1 when absent; negative counts from the end).
struct LuaUnpackResult {
  std::vector<LuaUnpackedValue> values;
  int64_t next_position = 1;
};
absl::StatusOr<LuaUnpackResult> LuaUnpack(std::string_view fmt, std::string_view data,
                                          int64_t pos = 1);

}  // namespace codemode::vm::lua
