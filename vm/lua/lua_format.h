// string.format (Lua 5.4 manual §6.4) over byte strings, with lua5.4's (5.4.4) validation of each
// conversion and its error messages. Numeric conversions are printed by the C library's snprintf in
// the C locale, as lua5.4 does, so digits, rounding, "inf"/"-nan" and %a output are the same.
//
// Conversions: %d %i %u %c %o %x %X (integers; a float or numeric string with an exact integer
// value is accepted), %a %A %e %E %f %g %G (floats; integers and numeric strings accepted), %s (any
// value through its tostring, which the caller computed), %q (a Lua literal for strings, numbers,
// nil and booleans), %p ("(null)" for values without identity, else the identity the caller
// supplies), %%. Allowed flags per conversion as lua5.4: c/s/p "-"; d/i "-+ 0"; u "-0"; o/x/X
// "-#0"; floats "-+ #0"; width and precision at most two digits each; %q takes no modifiers; %F is
// not a Lua conversion.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "vm/lua/lua_arg.h"

namespace codemode::vm::lua {

// string.format's arguments are LuaArg values (vm/lua/lua_arg.h).
using LuaFormatArg = LuaArg;

// string.format(fmt, args...). `first_arg` is the argument number of args[0] in error messages (2
// for string.format(fmt, ...); the VM passes 1 for the method call fmt:format(...)). Errors (Lua
// errors, vm/lua/lua_status.h), in lua5.4's order: "bad argument #N to 'format' (no value)" for a
// missing argument; "invalid format (too long)" when flags/width/precision span 21+ chars; "invalid
// conversion
// '%<spec>' to 'format'"; "invalid conversion specification: '%<spec>'" for flags, width or
// precision the conversion does not allow; "bad argument #N to 'format' (number expected, got
// <type>)";
// "... (number has no integer representation)"; "... (string contains zeros)" for %s with
// modifiers; "specifier '%q' cannot have modifiers"; "... (value has no literal form)" for %q of a
// kOther value. A kOther value's tostring is used only by %s (lua5.4 calls __tostring at that
// point; the caller that computes it in advance should do so only for arguments that
// LuaFormatArgUsesTostring marks).
absl::StatusOr<std::string> LuaFormat(std::string_view fmt, std::span<const LuaFormatArg> args,
                                      int first_arg = 2);

// The argument indexes (0-based into args) that `fmt` formats with %s, in order, stopping at the
// first malformed conversion: the arguments whose tostring (and thus __tostring) LuaFormat will
// use.
std::vector<size_t> LuaFormatArgUsesTostring(std::string_view fmt);

// The %q form of a string (lstrlib addquoted): in double quotes; '"', '\\' and newline escaped with
// a backslash (newline as backslash-newline); '\r' and other control bytes (0-31, 127) as \ddd
// (three digits when a digit follows, else the shortest form, e.g. "\0", "\13"); other bytes
// verbatim.
std::string LuaQuoteString(std::string_view s);

// The %q form of a float: "1e9999", "-1e9999", "(0/0)" for inf, -inf, NaN, else hex float ("%a":
// 0.1 → "0x1.999999999999ap-4", 1.0 → "0x1p+0"). Integers: decimal, math.mininteger as
// "0x8000000000000000".
std::string LuaQuoteFloat(double value);
std::string LuaQuoteInteger(int64_t value);

}  // namespace codemode::vm::lua
