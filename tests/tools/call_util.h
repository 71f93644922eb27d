// Test helpers: run a tool call and wait for its completion.
#ifndef CODEMODE_TESTS_TOOLS_CALL_UTIL_H_
#define CODEMODE_TESTS_TOOLS_CALL_UTIL_H_

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "tools/tool.h"

namespace codemode::tools::testing {

// Collects the completion of one call and counts how often it was invoked. The completion keeps
// the state alive, so a late completion after a failed test does not touch freed memory.
class Waiter {
 public:
  Completion MakeCompletion() {
    return [state = state_](CallOutcome outcome) {
      std::lock_guard<std::mutex> lock(state->mu);
      ++state->calls;
      state->outcome = std::move(outcome);
      state->thread = std::this_thread::get_id();
      state->cv.notify_all();
    };
  }

  // The outcome, or nullopt if none arrived within `timeout`.
  std::optional<CallOutcome> Wait(std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
    std::unique_lock<std::mutex> lock(state_->mu);
    if (!state_->cv.wait_for(lock, timeout, [&] { return state_->calls > 0; })) {
      return std::nullopt;
    }
    return state_->outcome;
  }

  int calls() {
    std::lock_guard<std::mutex> lock(state_->mu);
    return state_->calls;
  }
  std::thread::id thread() {
    std::lock_guard<std::mutex> lock(state_->mu);
    return state_->thread;
  }

 private:
  struct State {
    std::mutex mu;
    std::condition_variable cv;
    int calls = 0;
    std::optional<CallOutcome> outcome;
    std::thread::id thread;
  };
  std::shared_ptr<State> state_ = std::make_shared<State>();
};

inline CallRequest Request(std::string input_json, std::string key = "run1:1",
                           std::vector<std::string> path = {"t"}) {
  CallRequest r;
  r.key = std::move(key);
  r.path = std::move(path);
  r.input_json = std::move(input_json);
  return r;
}

// Calls `tool` and waits (up to 30 s) for the outcome.
inline CallOutcome CallAndWait(const Tool& tool, std::string input_json,
                               std::string key = "run1:1") {
  Waiter waiter;
  CallHandle handle =
      StartCall(tool, Request(std::move(input_json), std::move(key)), waiter.MakeCompletion());
  auto outcome = waiter.Wait();
  if (!outcome) return absl::DeadlineExceededError("test: call did not complete in 30 s");
  return *outcome;
}

}  // namespace codemode::tools::testing

#endif  // CODEMODE_TESTS_TOOLS_CALL_UTIL_H_
