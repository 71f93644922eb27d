// Test helpers: run a tool call and wait for its completion.
#ifndef CODEMODE_TESTS_TOOLS_CALL_UTIL_H_
#define CODEMODE_TESTS_TOOLS_CALL_UTIL_H_

#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
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

// A fresh directory under /tmp, removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    char pattern[] = "/tmp/codemode-tools-XXXXXX";
    char* made = mkdtemp(pattern);
    REQUIRE(made != nullptr);
    path_ = std::filesystem::canonical(made).string();
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  std::string File(const std::string& name) const { return path_ + "/" + name; }
  void Write(const std::string& name, const std::string& text, bool executable = false) const {
    std::ofstream(File(name)) << text;
    if (executable) chmod(File(name).c_str(), 0755);
  }
  // The file's text, or "" when it does not exist.
  std::string Read(const std::string& name) const {
    std::ifstream in(File(name));
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }

 private:
  std::string path_;
};

// True when `pid` no longer runs: gone, or a zombie waiting for its parent (a reparented
// grandchild waits for init, which this test does not control).
inline bool ProcessGone(pid_t pid) {
  if (kill(pid, 0) != 0 && errno == ESRCH) return true;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string content((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  size_t close = content.rfind(')');
  return close != std::string::npos && content.size() > close + 2 && content[close + 2] == 'Z';
}

// Waits up to 2 s for ProcessGone(pid).
inline bool EventuallyGone(pid_t pid) {
  for (int i = 0; i < 200 && !ProcessGone(pid); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return ProcessGone(pid);
}

// True when `pid` is neither alive nor a zombie child of this process.
inline bool Reaped(pid_t pid) { return kill(pid, 0) != 0 && errno == ESRCH; }

// The pid a tool wrote (followed by a newline) into `name`, waiting up to 5 s for it.
inline pid_t ReadPid(const TempDir& dir, const std::string& name) {
  for (int i = 0; i < 500; ++i) {
    std::string text = dir.Read(name);
    if (!text.empty() && text.back() == '\n') return static_cast<pid_t>(std::stol(text));
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  FAIL("no pid written to " << name);
  return -1;
}

// The failure message of `outcome` (which must be a failure).
inline std::string MessageOf(const CallOutcome& outcome) {
  REQUIRE_FALSE(outcome.ok());
  return std::string(outcome.status().message());
}

}  // namespace codemode::tools::testing

#endif  // CODEMODE_TESTS_TOOLS_CALL_UTIL_H_
