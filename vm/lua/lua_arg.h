// The argument shape the vm/lua/ string library cores take (see README.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "vm/lua/lua_number.h"

namespace codemode::vm::lua {

// One argument of a string library function (string.format, string.pack), as the caller (the VM)
// sees it: the cores coerce numbers and strings themselves, as the Lua auxiliary library does.
struct LuaArg {
  enum class Kind : uint8_t { kNil, kBoolean, kInteger, kFloat, kString, kOther };
  Kind kind = Kind::kNil;
  bool boolean = false;
  int64_t integer = 0;
  double number = 0;
  // kString: the string's bytes. kOther: luaL_tolstring of the value (its __tostring or
  // "table: 0x..."), used by %s.
  std::string_view bytes;
  // kOther: the type name for error messages ("table", "function", or a __name).
  std::string_view type_name;
  // %p: the value's identity (lua_topointer); 0 for values without one (numbers, booleans, nil),
  // printed as "(null)".
  uint64_t identity = 0;

  static LuaArg Nil() { return {}; }
  static LuaArg Boolean(bool b) {
    LuaArg a;
    a.kind = Kind::kBoolean;
    a.boolean = b;
    return a;
  }
  static LuaArg Integer(int64_t i) {
    LuaArg a;
    a.kind = Kind::kInteger;
    a.integer = i;
    return a;
  }
  static LuaArg Float(double d) {
    LuaArg a;
    a.kind = Kind::kFloat;
    a.number = d;
    return a;
  }
  static LuaArg String(std::string_view s) {
    LuaArg a;
    a.kind = Kind::kString;
    a.bytes = s;
    return a;
  }
  static LuaArg Other(std::string_view type_name, std::string_view tostring) {
    LuaArg a;
    a.kind = Kind::kOther;
    a.type_name = type_name;
    a.bytes = tostring;
    return a;
  }
};

// The Lua type name of `a` ("nil", "boolean", "number", "string", or a.type_name).
std::string_view LuaArgTypeName(const LuaArg& a);

// luaL_tolstring for the kinds this core knows: "nil", "true"/"false", LuaNumberToString, the
// bytes.
std::string LuaArgToString(const LuaArg& a);

// The auxiliary library's argument checks, with the error "bad argument #<argnum> to '<fname>'
// (<type> expected, got <typename>)": numbers and numeric strings (luaL_checknumber); integers,
// integral floats and strings of them (luaL_checkinteger; a non-integral number is "number has no
// integer representation"); strings and numbers converted to strings (luaL_checklstring).
absl::StatusOr<LuaNumber> LuaCheckNumber(const LuaArg& a, int argnum, std::string_view fname);
absl::StatusOr<double> LuaCheckFloat(const LuaArg& a, int argnum, std::string_view fname);
absl::StatusOr<int64_t> LuaCheckInteger(const LuaArg& a, int argnum, std::string_view fname);
absl::StatusOr<std::string> LuaCheckString(const LuaArg& a, int argnum, std::string_view fname);

}  // namespace codemode::vm::lua
