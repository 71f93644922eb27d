// Shared by runtime tests that park a run on a durable job and resume it elsewhere
// (generator_test.cc, random_test.cc): a durable tool `t.job` whose `wait` finishes only when the
// test says so, and a Runtime over it.
#pragma once

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>

#include "absl/status/status.h"
#include "runtime/runtime.h"
#include "tools/tool.h"

namespace codemode::testing {

// t.job: `start` answers {"job":1} at once; `wait` answers {"done":true} when *released, otherwise
// it blocks until the engine stops it (a park), leaving the job for a later resume.
inline tools::Namespace ReleasableJobTool(std::shared_ptr<std::atomic<bool>> released) {
  tools::DurableFns fns;
  fns.start = [](tools::CallRequest req, tools::Completion done) { done("{\"job\":1}"); };
  fns.wait = [released](tools::DurableRequest req, tools::Completion done) {
    std::thread([released, stop = req.stop, done = std::move(done)]() mutable {
      while (!released->load() && !stop.stop_requested())
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      if (released->load()) {
        done(std::string("{\"done\":true}"));
      } else {
        done(absl::CancelledError("stopped"));
      }
    }).detach();
  };
  fns.cancel = [](tools::DurableRequest req, tools::Completion done) { done(std::string("{}")); };
  tools::Namespace ns;
  ns.tools.emplace_back("job", tools::Tool::Durable(fns));
  tools::Namespace root;
  root.namespaces.emplace_back("t", ns);
  return root;
}

// A Runtime for `language` over ReleasableJobTool: `released` says whether the job's wait finishes,
// `park` sets park_when_waiting, `roundtrip_steps` > 0 turns roundtrip mode on with that period.
inline std::unique_ptr<Runtime> MakeJobRuntime(Language language, bool released, bool park = false,
                                               uint64_t roundtrip_steps = 0) {
  RuntimeOptions options;
  options.language = language;
  options.park_when_waiting = park;
  if (roundtrip_steps > 0) {
    options.roundtrip = true;
    options.roundtrip_steps = roundtrip_steps;
  }
  auto flag = std::make_shared<std::atomic<bool>>(released);
  auto tree = tools::ToolTree::Make(ReleasableJobTool(flag));
  REQUIRE(tree.ok());
  options.tools = std::move(*tree);
  auto rt = Runtime::Make(std::move(options));
  REQUIRE(rt.ok());
  return std::move(*rt);
}

}  // namespace codemode::testing
