// The public C++ API (DESIGN §6): a Runtime over a tool tree runs programs and returns a Result.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/catalog.h"

namespace codemode {

// Limits of one run. Units: ms, steps (VM back-edges and calls plus built-in work), bytes.
struct Limits {
  int64_t timeout_ms = 120000;           // wall time, including waits on tools
  int64_t max_tool_calls = 128;          // admitted host calls
  int64_t max_output_bytes = 65536;      // value JSON; logs and warnings each get the same budget
  int64_t max_steps = 0;                 // 0: unlimited
  int64_t max_memory_bytes = 256 << 20;  // heap bytes of the run
};

// A diagnostic (DESIGN §1): kind is ParseError, UnsupportedSyntax, UnknownTool, InvalidToolInput,
// InvalidToolOutput, InvalidDataValue, ToolCallLimitExceeded, TimeoutExceeded, ToolFailure,
// ExecutionFailure, Truncated, MemoryLimitExceeded, StepLimitExceeded.
struct Diagnostic {
  std::string kind;
  std::string message;
  uint32_t line = 0;  // 0: no location
  uint32_t column = 0;
  std::vector<std::string> suggestions;
};

struct Result {
  bool ok = false;
  std::string value_json = "null";  // when ok: the value as JSON text
  Diagnostic error;                 // when !ok
  std::vector<Diagnostic> warnings;
  std::vector<std::string> logs;
  bool truncated = false;
  std::vector<std::string> tool_calls;  // dotted paths of admitted calls, in call order
  // The Result as JSON: {ok, value, warnings?, logs?, truncated?, toolCalls} or
  // {ok, error, logs?, truncated?, toolCalls}. `indent` 0 is compact.
  std::string ToJson(int indent = 2) const;
};

struct RuntimeOptions {
  tools::ToolTree tools;
  Limits limits;
};

class Runtime {
 public:
  // Errors: invalid limits (InvalidArgument naming the limit); the shared realm failing to build.
  static absl::StatusOr<std::unique_ptr<Runtime>> Make(RuntimeOptions options);
  ~Runtime();

  // Compiles and runs a JavaScript/TypeScript program (the body of an async function) to its Result.
  // `run_id` prefixes call keys (`<runId>:<callId>`); empty picks a random UUID.
  Result Execute(std::string_view source, std::string run_id = "");

  const RuntimeOptions& options() const { return options_; }

 private:
  explicit Runtime(RuntimeOptions options) : options_(std::move(options)) {}
  RuntimeOptions options_;
};

// Checks limits: every value must be positive (max_steps may be 0 = unlimited).
absl::Status ValidateLimits(const Limits& limits);

// Maximum program size in bytes (DESIGN §3.5): larger sources are a ParseError before parsing.
inline constexpr size_t kMaxSourceBytes = 4u << 20;

}  // namespace codemode
