// The "command" tool backend (DESIGN §6): every call runs a process, input JSON on stdin, output
// JSON on stdout.
#ifndef CODEMODE_TOOLS_COMMAND_H_
#define CODEMODE_TOOLS_COMMAND_H_

#include <cstddef>
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
//   else "killed by signal N (NAME)" / "exited with status N"; "tool printed no output";
//   "tool printed invalid JSON: ..."; otherwise OK with stdout trimmed of surrounding whitespace.
//   A process that cannot be started fails with "cannot start tool command 'ARGV0': REASON".
// When the call ends, the process is reaped and anything left in its process group is killed.
// Precondition: SIGCHLD is not ignored in this process and nothing else reaps our children
// (e.g. a waitpid(-1) loop in a SIGCHLD handler): the child must stay waitable. Otherwise the call
// fails with "cannot read the tool's exit status".
// Errors (InvalidArgument) for an empty argv, an empty argv[0], or a NUL byte in any string.
absl::StatusOr<ExecuteFn> CommandExecutor(CommandSpec spec, CommandOptions options = {});

}  // namespace codemode::tools

#endif  // CODEMODE_TOOLS_COMMAND_H_
