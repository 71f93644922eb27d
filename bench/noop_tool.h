// The in-process `noop.ping` tool of the benchmarks: completes with its input, so a tool call costs
// only the engine's side of it (no process, no I/O). Shared by codemode_bench and
// codemode_bench_run.
#ifndef CODEMODE_BENCH_NOOP_TOOL_H_
#define CODEMODE_BENCH_NOOP_TOOL_H_

#include <string>
#include <string_view>
#include <utility>

#include "absl/status/statusor.h"
#include "tools/catalog.h"
#include "tools/tool.h"

namespace codemode::bench {

// How `noop.ping` completes a call.
enum class NoopMode {
  // `execute` calls `done(input)` before returning, on the run's own thread. Allowed by the
  // Completion contract (tools/tool.h) because the runtime holds no lock while starting a call.
  kSync,
  // Tool::FromFunction: one worker thread per call, which completes the call.
  kThread,
};

// A tree with one tool, `noop.ping`, whose output is its input JSON. Errors: none in practice
// (ToolTree::Make only rejects malformed names).
inline absl::StatusOr<tools::ToolTree> NoopTree(NoopMode mode) {
  tools::Tool ping;
  if (mode == NoopMode::kSync) {
    ping.description = "Returns its input unchanged (completes synchronously).";
    ping.execute = [](tools::CallRequest request, tools::Completion done) {
      done(std::move(request.input_json));
    };
  } else {
    ping = tools::Tool::FromFunction(
        [](std::string_view input) -> absl::StatusOr<std::string> { return std::string(input); },
        "Returns its input unchanged (worker thread per call).");
  }
  tools::Namespace noop;
  noop.description = "No-op tools for benchmarks.";
  noop.tools.emplace_back("ping", std::move(ping));
  tools::Namespace root;
  root.namespaces.emplace_back("noop", std::move(noop));
  return tools::ToolTree::Make(std::move(root));
}

}  // namespace codemode::bench

#endif  // CODEMODE_BENCH_NOOP_TOOL_H_
