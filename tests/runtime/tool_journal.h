// Shared by the runtime tests that drive tool calls by hand (program_test.cc, hooks_test.cc): a
// journal of what fixture tools did, and a completion that waits on another thread until the journal
// releases it or the call is stopped.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "tools/tool.h"

namespace codemode::testing {

// What the fixture tools saw, shared with the test thread.
struct Journal {
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::string> events;  // "start <key> <input>", "wait <key> <data>", "cancel <key>", ...
  bool release = false;             // lets blocking tools finish
  void Add(std::string e) {
    {
      std::lock_guard<std::mutex> l(mu);
      events.push_back(std::move(e));
    }
    cv.notify_all();
  }
  bool WaitFor(const std::string& prefix, size_t count = 1) {
    std::unique_lock<std::mutex> l(mu);
    return cv.wait_for(l, std::chrono::seconds(10), [&] {
      size_t n = 0;
      for (auto& e : events)
        if (e.rfind(prefix, 0) == 0) ++n;
      return n >= count;
    });
  }
  size_t Count(const std::string& prefix) {
    std::lock_guard<std::mutex> l(mu);
    size_t n = 0;
    for (auto& e : events)
      if (e.rfind(prefix, 0) == 0) ++n;
    return n;
  }
  void Release() {
    {
      std::lock_guard<std::mutex> l(mu);
      release = true;
    }
    cv.notify_all();
  }
};

// Blocks on a helper thread until released or stopped, then completes with `output`.
// The helper thread co-owns the journal: it may outlive the test that started it (a stopped call).
inline void BlockThenComplete(std::shared_ptr<Journal> j, std::stop_token stop, tools::Completion done,
                       std::string output) {
  std::thread([j, stop, done = std::move(done), output]() mutable {
    std::unique_lock<std::mutex> l(j->mu);
    while (!j->release && !stop.stop_requested()) j->cv.wait_for(l, std::chrono::milliseconds(5));
    bool stopped = !j->release;
    l.unlock();
    if (stopped) {
      done(absl::CancelledError("tool call cancelled"));
    } else {
      done(std::move(output));
    }
  }).detach();
}

}  // namespace codemode::testing
