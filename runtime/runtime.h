// The public C++ API (DESIGN §6): a Runtime over a tool tree runs programs and returns a Result.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/status/status.h"
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
// ExecutionFailure, Truncated, MemoryLimitExceeded, StepLimitExceeded, SnapshotError, ApprovalDenied
// (a before hook refused a call: Hooks below).
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

// One host call as hooks see it (DESIGN §1 "hooks around every host call"). The engine's host calls
// are tool calls and `search(...)` (path "search"; answered at once from the catalog); there are no
// extension calls yet.
struct HostCallInfo {
  std::string path;        // "tools." + the tool's dotted path, as SuspendError names calls
  std::string input_json;  // the input as JSON text, exactly as the tool receives it ("{}": no argument)
  std::string key;         // "<runId>:<callId>", the key the tool receives (stable across resume)
  tools::ToolKind tool_kind = tools::ToolKind::kPlain;
};

// How a host call ended, for the after hook.
struct CallEnding {
  enum class Kind : uint8_t {
    kSuccess,      // `value_json`: the tool's output JSON text, as the program receives it
    kFailure,      // `message`: the tool's failure message (the program's ToolFailure)
    kInterrupted,  // `message`: why; the run ended (timeout, other limit, finished) with the call
                   // unsettled, and the call was cancelled (durable jobs: `cancel` was started)
  };
  Kind kind = Kind::kSuccess;
  std::string value_json;
  std::string message;
};

// Hooks around every host call of every run of a Runtime (DESIGN §1, §6; issue 3 item 2). Either may
// be empty. Both run on the run's thread (the one inside Program::Run / Runtime::Execute), never on a
// tool's thread, one at a time per run; runs of one Runtime on several threads call them
// concurrently, so they must be thread-safe then. Time spent in them counts toward timeoutMs, but the
// deadline is only checked once a hook returns: a hook that blocks (e.g. waiting for a human's
// approval) holds the run, and Program::Suspend waits for it too. They must not throw, and must not
// call Program::Suspend of the same run (it waits for the run's thread, which is inside the hook).
struct Hooks {
  // Runs once per admitted call (after the maxToolCalls check, which the call counts toward), before
  // the call reaches the tool. A non-OK status DENIES the call: the tool is never invoked, the call
  // ends at once as an ApprovalDenied failure whose message is the status message (JavaScript: the
  // call's promise rejects with an Error of kind ApprovalDenied; Lua: the call raises the message
  // as a Lua error), and `after` does not run for it. A denied call still counts as admitted: it
  // is in Result::tool_calls and counts toward maxToolCalls (so a loop of denied calls stays bounded).
  // Not run again for a call restored from a snapshot (idempotent re-runs and durable waits after a
  // resume are the same call, already approved).
  std::function<absl::Status(const HostCallInfo&)> before;
  // Runs once per approved call when its ending reaches the run: success or failure when the run
  // takes the completion from its inbox (just before the program sees it), or kInterrupted when the
  // run ends (finishes, times out, hits a limit) before the program saw the call settle — also when
  // the tool's completion had already arrived but was not yet taken; such calls are cancelled (and
  // durable ones get `cancel`). Durable calls end when `wait` settles (a failed `start` is a failure).
  // NOT run on suspend: idempotent calls stopped by a suspend and durable calls waiting are
  // detached without it; their `after` runs in the run that finally sees them settle (possibly
  // another process, with that Runtime's hooks). Roundtrip mode gives the same sequence of calls.
  std::function<void(const HostCallInfo&, const CallEnding&)> after;
};

// The language of the programs a Runtime runs (DESIGN §1). Both compile to the same bytecode.
enum class Language : uint8_t { kJavaScript, kLua };

struct RuntimeOptions {
  tools::ToolTree tools;
  Limits limits;
  // JavaScript/TypeScript (the body of an async function) or Lua 5.4 (a chunk whose first returned
  // value is the Result; docs/internals.md "Lua on the shared VM"). A resumed run keeps the language
  // its snapshot records.
  Language language = Language::kJavaScript;
  // Before/after every host call (see Hooks). Not saved in snapshots: a resumed run uses the hooks of
  // the Runtime that resumes it.
  Hooks hooks;
  // Roundtrip testing (issue 3 item 8): every run is saved to bytes and restored into a fresh VM at every
  // host call and every `roundtrip_steps` steps, and must give the same Result. Runtime::Make turns it on
  // when the environment has CODEMODE_ROUNDTRIP=1 (steps from CODEMODE_ROUNDTRIP_STEPS, default 97).
  bool roundtrip = false;
  uint64_t roundtrip_steps = 97;
  // Programs suspend by themselves when the run only waits for suspendable calls (durable-started,
  // idempotent, queued): Program::Run returns Suspended (CLI --park-when-waiting). Execute never parks.
  // A run whose snapshot would pass SuspendOptions::max_bytes cannot park: it goes on in this process
  // and its Result gets a SuspendError warning saying why.
  bool park_when_waiting = false;
  // With park_when_waiting: how long (ms of waiting, counted as active time) the run gives its
  // in-flight calls before it parks, so a resumed run whose durable jobs are already done takes their
  // results instead of parking again, and queued or idempotent calls can finish. A completion that
  // arrives restarts the grace. 0: park as soon as the run only waits.
  uint32_t park_grace_ms = 0;
  // The clock for snapshot headers (ms since the Unix epoch) and for the active time saved in snapshots;
  // tests inject a fixed one so that the same run gives byte-identical snapshots. Default: the system
  // clock (headers) and a monotonic clock (active time). Deadlines always use the monotonic clock.
  // It is also the run's wall clock for Date.now()/new Date() and Lua os.time (vm::Host::WallClockMs):
  // a fixed function gives every run the same "now". Default: the system clock.
  std::function<int64_t()> wall_clock_ms;
  // The run's local time zone (Date's local getters and toString, Lua os.date): an IANA name such as
  // "UTC", "America/New_York" or "Europe/Berlin", with the rules of the system's tz database
  // (/usr/share/zoneinfo, Debian package tzdata). Runtime::Make rejects an unknown name
  // (InvalidArgument); a resumed run keeps the zone its snapshot records. CLI: --time-zone NAME.
  std::string time_zone = "UTC";
};

// A run saved to bytes (DESIGN §5): `state` is the snapshot; `pending` the keys of the host calls that
// were in flight (queued, idempotent, durable-started), in call order.
struct Suspended {
  std::string run_id;
  std::string state;
  std::vector<std::string> pending;
};

// What Program::Run returns: the run's Result, or Suspended.
struct Outcome {
  std::optional<Suspended> suspended;
  Result result;  // when !suspended
  bool is_suspended() const { return suspended.has_value(); }
};

// A refused suspend (kind SuspendError): the run goes on untouched. `blocking` lists each call that
// prevented it as {key, path} (path like "tools.orders.lookup").
struct SuspendError {
  std::string message;
  std::vector<std::pair<std::string, std::string>> blocking;
};

struct SuspendOptions {
  size_t max_bytes = size_t{64} << 20;  // a larger snapshot is a SuspendError (checked before any change)
};

// One run of one program (DESIGN §6). Nothing runs until Run(). Thread-safety: Run() on one thread;
// Suspend() from any other thread.
class Program {
 public:
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  // Runs on the caller's thread until the run ends (Result) or is suspended (Suspended). Calling it a
  // second time is a usage error: the Result is an ExecutionFailure saying so. A program made by
  // Runtime::Resume from bad bytes returns a SnapshotError Result.
  Outcome Run();

  // Asks the run to suspend at its next step boundary (or while it waits for host calls) and waits for
  // the answer: the same Outcome Run() returns (Suspended; or the Result if the run ended first), or a
  // SuspendError when a plain tool call (or a durable call still in `start`) is in flight or the snapshot
  // would exceed `max_bytes` — then the run continues untouched. A suspend issued before Run() starts
  // waits for it.
  std::variant<Outcome, SuspendError> Suspend(SuspendOptions options = {});

  const std::string& run_id() const;

 private:
  friend class Runtime;
  struct State;
  explicit Program(std::unique_ptr<State> state);
  std::unique_ptr<State> s_;
};

class Runtime {
 public:
  // Errors: invalid limits (InvalidArgument naming the limit); the shared realm failing to build.
  static absl::StatusOr<std::unique_ptr<Runtime>> Make(RuntimeOptions options);
  ~Runtime();

  // Compiles and runs a JavaScript/TypeScript program (the body of an async function) to its Result.
  // `run_id` prefixes call keys (`<runId>:<callId>`); empty picks a random UUID. `bindings_json`, when
  // not empty, is a JSON object whose members become read-only globals of the run (data, copied in).
  Result Execute(std::string_view source, std::string run_id = "", std::string_view bindings_json = "");

  // A program ready to run (nothing runs yet). Compile errors and bad bindings are reported by Run().
  std::unique_ptr<Program> NewProgram(std::string_view source, std::string_view bindings_json = "",
                                      std::string run_id = "");

  // A program that continues the run saved in `state` (Suspended::state), over this runtime's tools
  // (they must be the ones the run was started with). Bad bytes are reported by Run() as SnapshotError:
  // not a snapshot, truncated, corrupted, another engine build, another extension set.
  std::unique_ptr<Program> Resume(std::string_view state);

  const RuntimeOptions& options() const { return options_; }

 private:
  explicit Runtime(RuntimeOptions options) : options_(std::move(options)) {}
  RuntimeOptions options_;
};

// `codemode snapshot inspect`: the snapshot as JSON text. Errors: the SnapshotError message.
absl::StatusOr<std::string> InspectSnapshot(std::string_view state);

// Checks limits: every value must be positive (max_steps may be 0 = unlimited).
absl::Status ValidateLimits(const Limits& limits);

// Checks a time zone name for RuntimeOptions::time_zone: an IANA zone the system's tz database has
// ("UTC", "Europe/Berlin", "Etc/GMT+5"); not "localtime" (the machine's zone would make runs differ by
// host), no path tricks. Errors: InvalidArgument naming the zone.
absl::Status ValidateTimeZone(std::string_view name);

// Maximum program size in bytes (DESIGN §3.5): larger sources are a ParseError before parsing.
inline constexpr size_t kMaxSourceBytes = 4u << 20;

}  // namespace codemode
