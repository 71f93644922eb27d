// Tools and namespaces as the host supplies them (DESIGN §1, §6). A tool call is asynchronous:
// `execute` returns at once and the implementation completes the call later, from any thread.
#ifndef CODEMODE_TOOLS_TOOL_H_
#define CODEMODE_TOOLS_TOOL_H_

#include <cstdint>
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

// How a call of a tool behaves when the run is suspended (DESIGN §1, §3; issue 3 item 3).
enum class ToolKind : uint8_t {
  // Blocks a suspend while running: a suspend attempted meanwhile fails with SuspendError.
  kPlain,
  // Safe to interrupt and re-run with the same call key: on suspend the engine requests stop (the
  // call completes with kCancelled), saves the call as queued and runs it again after resume.
  kIdempotent,
  // Three phases: `start(input)` → data JSON; `wait(data)` → output JSON; `cancel(data)`. Only
  // `start` blocks a suspend; the job itself runs outside the process and `wait(data)` reconnects
  // to it after a resume, in whatever process that happens.
  kDurable,
};

// One wait or cancel of a durable job.
struct DurableRequest {
  // The key of the call that started the job ("<runId>:<callId>"), the same in every phase.
  std::string key;
  // Path of the tool, as in CallRequest.
  std::vector<std::string> path;
  // The data JSON text the tool's `start` produced for this call.
  std::string data_json;
  // Stop is requested when the phase must end early. For `wait` that happens on suspend as well
  // as on a real interruption: the wait must end promptly and leave the job alone (the engine
  // calls `cancel` separately when the job must stop).
  std::stop_token stop;
};

// Starts a wait or cancel phase. Same contract as ExecuteFn: returns at once, completes exactly
// once from any thread, safe to invoke concurrently.
using DurableFn = std::function<void(DurableRequest request, Completion done)>;

// The implementation of a durable tool (DESIGN §6 `Tool::Durable{start, wait, cancel}`).
struct DurableFns {
  // Starts the job. CallRequest{key, path, input_json, stop}; completes with the data JSON text:
  // anything the tool needs to find the job again (e.g. {"job":"123"}). The data is saved in the
  // snapshot, so it should be small. A start stopped before it completes must not leave a job
  // behind: the engine has no data to cancel it with (Tool::Durable discards late data).
  ExecuteFn start;
  // Waits for the job described by `data_json`; completes with the OUTPUT JSON text of the call,
  // or a failure (the call's ToolFailure). May be invoked several times for the same job (once
  // per resume), possibly in different processes.
  DurableFn wait;
  // Cancels the job for real (the run was interrupted, or ended with the call unsettled); never
  // invoked on suspend. Optional. Its outcome matters only for logging.
  DurableFn cancel;
};

// A tool: what the model sees (description, JSON Schemas) and what runs on the host.
struct Tool {
  std::string description;
  // JSON Schemas of the input and output. `{}` (the default) accepts anything.
  json::Value input_schema = json::Value::FromObject({});
  json::Value output_schema = json::Value::FromObject({});
  // The implementation of kPlain and kIdempotent tools; unused for kDurable.
  ExecuteFn execute;
  ToolKind kind = ToolKind::kPlain;
  // The implementation when kind == kDurable.
  DurableFns durable;

  // A tool whose work is the synchronous `fn`, run on its own worker thread per call so the call
  // completes asynchronously. `fn`'s result must be valid JSON text; otherwise the call fails with
  // "tool returned invalid JSON: ...". If stop is requested first, the call completes at once with
  // kCancelled and `fn`'s eventual result is discarded (`fn` itself cannot be interrupted, so it
  // must not reference objects that die before it returns).
  static Tool FromFunction(SyncFn fn, std::string description = "",
                           json::Value input_schema = json::Value::FromObject({}),
                           json::Value output_schema = json::Value::FromObject({}));

  // A kIdempotent tool: running `fn` twice with the same CallRequest::key must have the effect of
  // running it once (DESIGN §1). `fn` is wrapped so that each call completes exactly once and, as
  // soon as stop is requested, with kCancelled "tool call cancelled" (from another thread; `fn`'s
  // later completion is discarded). A stop requested before the call starts never invokes `fn`.
  static Tool Idempotent(ExecuteFn fn, std::string description = "",
                         json::Value input_schema = json::Value::FromObject({}),
                         json::Value output_schema = json::Value::FromObject({}));

  // A kDurable tool. `start` and `wait` are needed (a missing one fails its phase with
  // kFailedPrecondition when invoked); `cancel` is optional. Each function is wrapped like
  // Idempotent's: exactly one completion per phase, kCancelled at once when stop is requested.
  static Tool Durable(DurableFns fns, std::string description = "",
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
// returns the handle. kPlain and kIdempotent tools run `execute`; kDurable tools run
// `durable.start`, so the call completes with the job's DATA JSON, not the output (see
// StartCallToOutput for both phases in one). A tool without the needed implementation completes
// with kFailedPrecondition "tool has no implementation".
CallHandle StartCall(const Tool& tool, CallRequest request, Completion done);

// Starts `durable.wait` of a kDurable tool (request.stop replaced as in StartCall). Completes with
// the call's output JSON text or its failure. A tool that is not durable, or has no wait,
// completes with kFailedPrecondition.
CallHandle StartDurableWait(const Tool& tool, DurableRequest request, Completion done);

// Starts `durable.cancel` of a kDurable tool (request.stop replaced as in StartCall). A durable
// tool without cancel completes with kUnimplemented "durable tool has no cancel; the job is left
// running"; a tool that is not durable with kFailedPrecondition.
CallHandle StartDurableCancel(const Tool& tool, DurableRequest request, Completion done);

// Runs one call of any kind to its output, for an engine that never suspends the call (DESIGN
// §1: "without a suspend, durable = start then wait"). kPlain/kIdempotent: as StartCall. kDurable:
// start(input) → data, then wait(data) → output, under the one returned handle. When stop is
// requested after start produced data, cancel(data) runs (with its own, unstopped token) and the
// call completes with kCancelled once cancel has finished; a cancel failure is appended to the
// message: "tool call cancelled (durable cancel failed: ...)". A failure of start or wait
// completes the call with that failure and does not cancel.
CallHandle StartCallToOutput(const Tool& tool, CallRequest request, Completion done);

}  // namespace codemode::tools

#endif  // CODEMODE_TOOLS_TOOL_H_
