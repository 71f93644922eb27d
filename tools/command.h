// The "command" tool backend (DESIGN §6): every call runs a process, input JSON on stdin, output
// JSON on stdout.
#ifndef CODEMODE_TOOLS_COMMAND_H_
#define CODEMODE_TOOLS_COMMAND_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/json.h"
#include "tools/tool.h"

namespace codemode::tools {

struct CommandSpec {
  // argv[0] is looked up in PATH like execvp when it has no '/'; a relative path with a '/'
  // resolves against working_dir. No shell is involved.
  std::vector<std::string> argv;
  // Working directory of the process (for manifests: the manifest's folder). Empty: inherit.
  std::string working_dir;
};

struct CommandOptions {
  // Stdout beyond this many bytes fails the call ("tool output exceeds N bytes") and kills it.
  size_t max_output_bytes = size_t{8} << 20;
  // The failure message (last non-empty stderr line) is cut to this many bytes.
  size_t max_error_bytes = 1000;
  // Nesting limit when validating the output JSON.
  int max_output_depth = 64;
  // When true, a process that exits 0 printing nothing (or only whitespace) completes with `null`
  // instead of failing with "tool printed no output" (used for durable cancel commands, whose
  // output nobody reads).
  bool empty_output_is_null = false;
};

// Returns an ExecuteFn that, for each call, spawns `spec` with posix_spawnp:
// - its own process group; cwd = spec.working_dir; environment = this process's environment plus
//   CODEMODE_CALL_KEY=<request.key>; signal mask cleared and common signals reset to default;
//   no descriptors inherited besides 0/1/2;
// - writes request.input_json to its stdin, then closes it (a child that exits without reading
//   is fine: EPIPE is handled and SIGPIPE never reaches this process);
// - completes on a background thread (one thread per call) with, in order of precedence:
//   kCancelled "tool call cancelled" if stop was requested (the process group is SIGKILLed);
//   "tool output exceeds N bytes"; on a signal or non-zero exit, the last non-empty stderr line,
//   else "killed by signal N (NAME)" / "exited with status N"; "tool printed no output"
//   (OK with `null` instead when options.empty_output_is_null); "tool printed invalid JSON: ...";
//   otherwise OK with stdout trimmed of surrounding whitespace. A process that cannot be started
//   fails with "cannot start tool command 'ARGV0': REASON".
// When the call ends, the process is reaped and anything left in its process group is killed.
// Precondition: SIGCHLD is not ignored in this process and nothing else reaps our children
// (e.g. a waitpid(-1) loop in a SIGCHLD handler): the child must stay waitable. Otherwise the call
// fails with "cannot read the tool's exit status".
// Errors (InvalidArgument) for an empty argv, an empty argv[0], or a NUL byte in any string.
absl::StatusOr<ExecuteFn> CommandExecutor(CommandSpec spec, CommandOptions options = {});

// The commands of a durable command tool (manifest `"durable": {"start", "wait", "cancel"}`).
struct DurableCommandSpec {
  CommandSpec start;  // input JSON on stdin → prints the data JSON
  CommandSpec wait;   // data JSON on stdin → prints the output JSON of the call
  // data JSON on stdin → cancels the job; its output is ignored (may be empty). Optional.
  std::optional<CommandSpec> cancel;
};

// DurableFns (tool.h) running one process per phase exactly like CommandExecutor: the phase's
// JSON on stdin (input for start, the data JSON for wait and cancel), CODEMODE_CALL_KEY=<key of the
// call> in every phase, same failures, kCancelled with the process group killed on stop. `cancel`
// is empty when spec.cancel is absent. The processes a phase leaves in its own process group are
// killed when the phase ends, so `start` must detach the job (a new session, e.g. setsid or
// node's `detached: true`) and let go of its stdout/stderr.
// Errors (InvalidArgument) as CommandExecutor's, prefixed by the phase: "durable.wait: command:
// ...".
absl::StatusOr<DurableFns> DurableCommand(DurableCommandSpec spec, CommandOptions options = {});

// Kills (SIGKILL) the process group of every command-tool process running now, in every phase. For a
// host that is itself being terminated (the CLI on SIGTERM, SIGINT or SIGHUP), so no tool outlives
// it; the calls then end as killed. Not async-signal-safe: call it from an ordinary thread.
void KillRunningCommandGroups();

}  // namespace codemode::tools

#endif  // CODEMODE_TOOLS_COMMAND_H_
