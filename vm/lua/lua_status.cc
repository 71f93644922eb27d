#include "vm/lua/lua_status.h"

#include <utility>

namespace codemode::vm::lua {

absl::Status StepBudgetExhausted() {
  return absl::ResourceExhaustedError("step limit reached in a Lua string library call");
}

bool IsStepBudgetExhausted(const absl::Status& status) {
  return status.code() == absl::StatusCode::kResourceExhausted;
}

absl::Status LuaError(std::string message) {
  return absl::InvalidArgumentError(std::move(message));
}

absl::Status LuaArgError(int arg, std::string_view fname, std::string_view extramsg) {
  // (absl::StrCat takes absl::string_view, which is not std::string_view in this Abseil build.)
  std::string m = "bad argument #" + std::to_string(arg) + " to '";
  m.append(fname).append("' (").append(extramsg).append(")");
  return absl::InvalidArgumentError(std::move(m));
}

std::string LuaTypeErrorText(std::string_view expected, std::string_view got) {
  std::string m(expected);
  m.append(" expected, got ").append(got);
  return m;
}

}  // namespace codemode::vm::lua
