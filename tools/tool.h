// Tools and namespaces as the host supplies them (DESIGN §1, §6). A tool call is asynchronous:
// `execute` returns at once and the implementation completes the call later, from any thread.
#ifndef CODEMODE_TOOLS_TOOL_H_
#define CODEMODE_TOOLS_TOOL_H_

#include <functional>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/functional/any_invocable.h"
#include "absl/status/statusor.h"
#include "tools/json.h"

namespace codemode::tools {

// One call of one tool.
struct CallRequest {
  // "<runId>:<callId>", unique per call of a run; stable across suspend/resume (DESIGN §1).
  std::string key;
  // Path of the tool from the root of the tree, e.g. {"orders", "lookup"}.
  std::vector<std::string> path;
  // The input as JSON text (a JSON value; `{}` for a call with no argument).
  std::string input_json;
  // Stop is requested when the call must end early (run finished, timed out, cancelled). The
  // implementation should then abandon the work and complete promptly.
  std::stop_token stop;
};

// The outcome of a call: the output as JSON text, or a failure whose message() becomes the
// ToolFailure message. StatusCode::kCancelled marks a call that ended because stop was requested.
using CallOutcome = absl::StatusOr<std::string>;

// Completes a call. Must be invoked exactly once per call, from any thread, including after a
// stop request (typically with kCancelled). It must not be invoked from inside `execute` while
// the caller still holds locks it needs; implementations here always call it from another thread.
using Completion = absl::AnyInvocable<void(CallOutcome)>;

// Starts a call. Returns immediately; must be safe to invoke concurrently for different calls.
using ExecuteFn = std::function<void(CallRequest request, Completion done)>;

// A synchronous implementation: input JSON text → output JSON text or a failure.
using SyncFn = std::function<absl::StatusOr<std::string>(std::string_view input_json)>;

// A tool: what the model sees (description, JSON Schemas) and what runs on the host.
struct Tool {
  std::string description;
  // JSON Schemas of the input and output. `{}` (the default) accepts anything.
  json::Value input_schema = json::Value::FromObject({});
  json::Value output_schema = json::Value::FromObject({});
  ExecuteFn execute;

  // A tool whose work is the synchronous `fn`, run on its own worker thread per call so the call
  // completes asynchronously. `fn`'s result must be valid JSON text; otherwise the call fails with
  // "tool returned invalid JSON: ...". If stop is requested first, the call completes at once with
  // kCancelled and `fn`'s eventual result is discarded (`fn` itself cannot be interrupted, so it
  // must not reference objects that die before it returns).
  static Tool FromFunction(SyncFn fn, std::string description = "",
                           json::Value input_schema = json::Value::FromObject({}),
                           json::Value output_schema = json::Value::FromObject({}));
};

// A namespace of tools. Names are kept as given (a name that is not a JS identifier is reached
// with bracket notation); a dotted name such as "a.b" stands for the path a → b and is split when
// the tree is built (see ToolTree::Make in catalog.h). Entries keep their declaration order.
struct Namespace {
  // Special members are defined out of line: the vectors below hold Namespace itself, which is
  // incomplete here (clang with libstdc++ rejects implicitly defined ones).
  Namespace();
  ~Namespace();
  Namespace(const Namespace&);
  Namespace(Namespace&&) noexcept;
  Namespace& operator=(const Namespace&);
  Namespace& operator=(Namespace&&) noexcept;

  std::string description;
  std::vector<std::pair<std::string, Tool>> tools;
  std::vector<std::pair<std::string, Namespace>> namespaces;

  // The direct child tool or namespace called `name`, or nullptr.
  const Tool* FindTool(std::string_view name) const;
  const Namespace* FindNamespace(std::string_view name) const;
  Namespace* FindNamespace(std::string_view name);
};

// The caller's side of an in-flight call: Cancel() requests stop. The call still completes
// (exactly once) through its Completion, usually with kCancelled.
class CallHandle {
 public:
  CallHandle() = default;
  explicit CallHandle(std::stop_source source) : source_(std::move(source)) {}

  // Requests stop; idempotent and safe from any thread.
  void Cancel() { source_.request_stop(); }
  bool cancel_requested() const { return source_.stop_requested(); }
  std::stop_source& stop_source() { return source_; }

 private:
  std::stop_source source_;
};

// Starts `tool` with `request` (its `stop` is replaced by a token of the returned handle) and
// returns the handle. A tool without an implementation completes with kFailedPrecondition.
CallHandle StartCall(const Tool& tool, CallRequest request, Completion done);

}  // namespace codemode::tools

#endif  // CODEMODE_TOOLS_TOOL_H_
