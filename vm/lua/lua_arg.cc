#include "vm/lua/lua_arg.h"

#include <optional>

#include "vm/lua/lua_status.h"

namespace codemode::vm::lua {

std::string_view LuaArgTypeName(const LuaArg& a) {
  switch (a.kind) {
    case LuaArg::Kind::kNil:
      return "nil";
    case LuaArg::Kind::kBoolean:
      return "boolean";
    case LuaArg::Kind::kInteger:
    case LuaArg::Kind::kFloat:
      return "number";
    case LuaArg::Kind::kString:
      return "string";
    case LuaArg::Kind::kOther:
      return a.type_name;
  }
  return "?";
}

std::string LuaArgToString(const LuaArg& a) {
  switch (a.kind) {
    case LuaArg::Kind::kNil:
      return "nil";
    case LuaArg::Kind::kBoolean:
      return a.boolean ? "true" : "false";
    case LuaArg::Kind::kInteger:
      return LuaIntegerToString(a.integer);
    case LuaArg::Kind::kFloat:
      return LuaNumberToString(a.number);
    case LuaArg::Kind::kString:
    case LuaArg::Kind::kOther:
      return std::string(a.bytes);
  }
  return "";
}

absl::StatusOr<LuaNumber> LuaCheckNumber(const LuaArg& a, int argnum, std::string_view fname) {
  switch (a.kind) {
    case LuaArg::Kind::kInteger:
      return LuaNumber(a.integer);
    case LuaArg::Kind::kFloat:
      return LuaNumber(a.number);
    case LuaArg::Kind::kString:
      if (std::optional<LuaNumber> n = LuaStringToNumber(a.bytes)) return *n;
      break;
    default:
      break;
  }
  return LuaArgError(argnum, fname, LuaTypeErrorText("number", LuaArgTypeName(a)));
}

absl::StatusOr<double> LuaCheckFloat(const LuaArg& a, int argnum, std::string_view fname) {
  absl::StatusOr<LuaNumber> n = LuaCheckNumber(a, argnum, fname);
  if (!n.ok()) return n.status();
  if (const int64_t* i = std::get_if<int64_t>(&*n)) return static_cast<double>(*i);
  return std::get<double>(*n);
}

absl::StatusOr<int64_t> LuaCheckInteger(const LuaArg& a, int argnum, std::string_view fname) {
  absl::StatusOr<LuaNumber> n = LuaCheckNumber(a, argnum, fname);
  if (!n.ok()) return n.status();
  if (const int64_t* i = std::get_if<int64_t>(&*n)) return *i;
  if (std::optional<int64_t> i = LuaFloatToInteger(std::get<double>(*n))) return *i;
  return LuaArgError(argnum, fname, "number has no integer representation");
}

absl::StatusOr<std::string> LuaCheckString(const LuaArg& a, int argnum, std::string_view fname) {
  switch (a.kind) {
    case LuaArg::Kind::kString:
    case LuaArg::Kind::kInteger:
    case LuaArg::Kind::kFloat:
      return LuaArgToString(a);
    default:
      break;
  }
  return LuaArgError(argnum, fname, LuaTypeErrorText("string", LuaArgTypeName(a)));
}

}  // namespace codemode::vm::lua
