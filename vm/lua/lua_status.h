// Errors and the step budget shared by the Lua library cores in vm/lua/ (see README.md).
//
// Every Lua error these cores raise comes back as an absl::InvalidArgumentError whose message is
// the exact text lua5.4 raises, without the "chunk:line:" prefix luaL_error adds (the VM knows the
// line and adds it, as luaL_where does). Running out of the step budget is
// absl::ResourceExhaustedError (see StepBudget): the VM must end the run with its step-limit
// termination, never hand it to pcall.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace codemode::vm::lua {

// A count of steps the caller lets a library call spend (pattern matching charges one step per
// elementary match operation). `remaining` is decremented; `used` totals what was charged so the
// caller can add it to its own step counter afterwards.
// `poll` (optional) is called every `poll_interval` charged steps; when it returns false (the run was
// interrupted: deadline, host request) the budget counts as spent, so a long match stops within one
// interval instead of running to its step limit.
struct StepBudget {
  uint64_t remaining = UINT64_MAX;
  uint64_t used = 0;
  bool (*poll)(void* ctx) = nullptr;
  void* poll_ctx = nullptr;
  uint64_t poll_interval = 1 << 20;
  uint64_t next_poll = 1 << 20;

  // Charges `n` steps; false (and `remaining` == 0) when the budget cannot cover them.
  bool Charge(uint64_t n) {
    if (n > remaining) {
      used += remaining;
      remaining = 0;
      return false;
    }
    remaining -= n;
    used += n;
    if (used >= next_poll && poll != nullptr) {
      next_poll = used + poll_interval;
      if (!poll(poll_ctx)) {
        remaining = 0;
        return false;
      }
    }
    return true;
  }
};

// The status a core returns when its StepBudget ran out (absl::StatusCode::kResourceExhausted).
absl::Status StepBudgetExhausted();

// True for the status StepBudgetExhausted() makes.
bool IsStepBudgetExhausted(const absl::Status& status);

// A plain Lua error (luaL_error) with message `message`.
absl::Status LuaError(std::string message);

// luaL_argerror's message for a direct call: "bad argument #<arg> to '<fname>' (<extramsg>)".
absl::Status LuaArgError(int arg, std::string_view fname, std::string_view extramsg);

// luaL_typeerror's extra message: "<expected> expected, got <got>" (got is a Lua type name or
// "no value").
std::string LuaTypeErrorText(std::string_view expected, std::string_view got);

}  // namespace codemode::vm::lua
