// Tool kinds (issue 3 item 3): Tool::Idempotent and Tool::Durable with in-process functions,
// StartCall / StartDurableWait / StartDurableCancel / StartCallToOutput.
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "tests/tools/call_util.h"
#include "tools/tool.h"

namespace codemode::tools {
namespace {

using testing::CallAndWait;
using testing::MessageOf;
using testing::Request;
using testing::Waiter;

using namespace std::chrono_literals;

// Records every invocation of a phase and keeps its completion, so that a test decides when (and
// how often) the phase completes. Shared by the phase functions, which may outlive the test.
class Phase {
 public:
  struct Call {
    std::string key;
    std::vector<std::string> path;
    std::string text;  // input_json or data_json
    std::stop_token stop;
    Completion done;
  };

  ExecuteFn Execute() {
    return [state = state_](CallRequest r, Completion done) {
      state->Add(Call{r.key, r.path, r.input_json, r.stop, std::move(done)});
    };
  }
  DurableFn Durable() {
    return [state = state_](DurableRequest r, Completion done) {
      state->Add(Call{r.key, r.path, r.data_json, r.stop, std::move(done)});
    };
  }
  // An ExecuteFn/DurableFn that completes at once (on its own thread) with `outcome`.
  ExecuteFn ExecuteReplying(CallOutcome outcome) {
    return [state = state_, outcome](CallRequest r, Completion done) mutable {
      state->Add(Call{r.key, r.path, r.input_json, r.stop, nullptr});
      std::thread([done = std::move(done), outcome]() mutable { done(outcome); }).detach();
    };
  }
  DurableFn DurableReplying(CallOutcome outcome) {
    return [state = state_, outcome](DurableRequest r, Completion done) mutable {
      state->Add(Call{r.key, r.path, r.data_json, r.stop, nullptr});
      std::thread([done = std::move(done), outcome]() mutable { done(outcome); }).detach();
    };
  }

  // Waits (up to 10 s) until the phase has been invoked `n` times.
  bool WaitCalls(size_t n) {
    std::unique_lock<std::mutex> lock(state_->mu);
    return state_->cv.wait_for(lock, 10s, [&] { return state_->calls.size() >= n; });
  }
  size_t count() {
    std::lock_guard<std::mutex> lock(state_->mu);
    return state_->calls.size();
  }
  // The i-th invocation's request fields (its completion stays here).
  std::string key(size_t i) { return Get(i).key; }
  std::vector<std::string> path(size_t i) { return Get(i).path; }
  std::string text(size_t i) { return Get(i).text; }
  bool stop_requested(size_t i) { return Get(i).stop.stop_requested(); }
  // Invokes the i-th completion (the test may call it several times: a misbehaving tool).
  void Complete(size_t i, CallOutcome outcome) {
    Completion* done;
    {
      std::lock_guard<std::mutex> lock(state_->mu);
      done = &state_->calls.at(i).done;
    }
    (*done)(std::move(outcome));
  }
  // Drops the i-th completion without calling it.
  void Drop(size_t i) {
    std::lock_guard<std::mutex> lock(state_->mu);
    state_->calls.at(i).done = nullptr;
  }

 private:
  struct State {
    std::mutex mu;
    std::condition_variable cv;
    std::deque<Call> calls;  // references stay valid as calls are added
    void Add(Call call) {
      std::lock_guard<std::mutex> lock(mu);
      calls.push_back(std::move(call));
      cv.notify_all();
    }
  };
  Call& Get(size_t i) {
    std::lock_guard<std::mutex> lock(state_->mu);
    return state_->calls.at(i);
  }
  std::shared_ptr<State> state_ = std::make_shared<State>();
};

DurableRequest Data(std::string data_json, std::string key = "run1:1",
                    std::vector<std::string> path = {"jobs", "run"}) {
  DurableRequest r;
  r.key = std::move(key);
  r.path = std::move(path);
  r.data_json = std::move(data_json);
  return r;
}

}  // namespace

TEST_CASE("kinds: a default tool is plain; FromFunction is plain", "[kinds]") {
  Tool tool;
  CHECK(tool.kind == ToolKind::kPlain);
  CHECK(Tool::FromFunction([](std::string_view) { return std::string("1"); }).kind ==
        ToolKind::kPlain);
}

TEST_CASE("kinds: Tool::Idempotent runs fn with the call's key, path and input", "[kinds]") {
  Phase phase;
  Tool tool = Tool::Idempotent(phase.Execute(), "Looks up", *json::Parse("{\"type\":\"object\"}"));
  CHECK(tool.kind == ToolKind::kIdempotent);
  CHECK(tool.description == "Looks up");
  CHECK(json::Serialize(tool.input_schema) == "{\"type\":\"object\"}");
  CHECK(tool.output_schema == json::Value::FromObject({}));
  CHECK_FALSE(tool.durable.start);

  Waiter waiter;
  CallHandle handle =
      StartCall(tool, Request("{\"id\":1}", "r:5", {"orders", "get"}), waiter.MakeCompletion());
  REQUIRE(phase.WaitCalls(1));
  CHECK(phase.key(0) == "r:5");
  CHECK(phase.path(0) == std::vector<std::string>{"orders", "get"});
  CHECK(phase.text(0) == "{\"id\":1}");
  CHECK(waiter.calls() == 0);
  // A second completion from a misbehaving fn is dropped: exactly once.
  phase.Complete(0, std::string("{\"ok\":true}"));
  phase.Complete(0, std::string("{\"ok\":false}"));
  auto outcome = waiter.Wait();
  REQUIRE(outcome.has_value());
  REQUIRE(outcome->ok());
  CHECK(**outcome == "{\"ok\":true}");
  handle.Cancel();  // after completion: nothing more arrives
  std::this_thread::sleep_for(50ms);
  CHECK(waiter.calls() == 1);
  CHECK(**waiter.Wait() == "{\"ok\":true}");
}

TEST_CASE("kinds: an interrupted idempotent call completes once, with kCancelled", "[kinds]") {
  // fn ignores stop and completes much later: the call is still cancelled at once.
  Phase phase;
  Tool tool = Tool::Idempotent(phase.Execute());
  Waiter waiter;
  CallHandle handle = StartCall(tool, Request("{}"), waiter.MakeCompletion());
  REQUIRE(phase.WaitCalls(1));
  CHECK_FALSE(phase.stop_requested(0));
  auto before = std::chrono::steady_clock::now();
  handle.Cancel();
  auto outcome = waiter.Wait(5s);
  REQUIRE(outcome.has_value());
  CHECK(std::chrono::steady_clock::now() - before < 2s);
  CHECK(outcome->status().code() == absl::StatusCode::kCancelled);
  CHECK(outcome->status().message() == "tool call cancelled");
  CHECK(phase.stop_requested(0));  // fn saw the stop through its token
  phase.Complete(0, std::string("\"late\""));
  std::this_thread::sleep_for(50ms);
  CHECK(waiter.calls() == 1);
  CHECK(waiter.Wait()->status().code() == absl::StatusCode::kCancelled);

  // fn that honours stop by completing with kCancelled itself: still one completion.
  Phase polite;
  Tool polite_tool = Tool::Idempotent([record = polite.Execute()](CallRequest r, Completion done) {
    auto shared = std::make_shared<Completion>(std::move(done));
    std::thread([stop = r.stop, shared] {
      while (!stop.stop_requested()) std::this_thread::sleep_for(1ms);
      (*shared)(absl::CancelledError("stopped by the tool"));
    }).detach();
    record(std::move(r), nullptr);
  });
  Waiter polite_waiter;
  CallHandle polite_handle = StartCall(polite_tool, Request("{}"), polite_waiter.MakeCompletion());
  REQUIRE(polite.WaitCalls(1));
  polite_handle.Cancel();
  auto polite_outcome = polite_waiter.Wait(5s);
  REQUIRE(polite_outcome.has_value());
  CHECK(polite_outcome->status().code() == absl::StatusCode::kCancelled);
  std::this_thread::sleep_for(50ms);
  CHECK(polite_waiter.calls() == 1);
}

TEST_CASE("kinds: stop before an idempotent call starts never runs fn", "[kinds]") {
  Phase phase;
  Tool tool = Tool::Idempotent(phase.Execute());
  Waiter waiter;
  CallRequest request = Request("{}");
  std::stop_source source;
  source.request_stop();
  request.stop = source.get_token();
  tool.execute(std::move(request), waiter.MakeCompletion());
  auto outcome = waiter.Wait(5s);
  REQUIRE(outcome.has_value());
  CHECK(outcome->status().code() == absl::StatusCode::kCancelled);
  CHECK(waiter.thread() != std::this_thread::get_id());
  CHECK(phase.count() == 0);

  // No fn: the usual "no implementation".
  Tool empty = Tool::Idempotent(nullptr);
  CHECK(empty.kind == ToolKind::kIdempotent);
  CHECK(CallAndWait(empty, "{}").status().code() == absl::StatusCode::kFailedPrecondition);
}

TEST_CASE("kinds: an idempotent fn failure passes through", "[kinds]") {
  Phase phase;
  Tool tool = Tool::Idempotent(phase.ExecuteReplying(absl::UnknownError("no such order")));
  CHECK(MessageOf(CallAndWait(tool, "{}")) == "no such order");
}

TEST_CASE("kinds: Tool::Durable phases", "[kinds]") {
  Phase start, wait, cancel;
  Tool tool =
      Tool::Durable(DurableFns{start.Execute(), wait.Durable(), cancel.Durable()}, "Runs a job");
  CHECK(tool.kind == ToolKind::kDurable);
  CHECK(tool.description == "Runs a job");
  CHECK_FALSE(tool.execute);

  // StartCall runs start: the call completes with the DATA.
  Waiter started;
  CallHandle start_handle = StartCall(tool, Request("{\"seconds\":5}", "run1:3", {"jobs", "run"}),
                                      started.MakeCompletion());
  REQUIRE(start.WaitCalls(1));
  CHECK(start.key(0) == "run1:3");
  CHECK(start.path(0) == std::vector<std::string>{"jobs", "run"});
  CHECK(start.text(0) == "{\"seconds\":5}");
  start.Complete(0, std::string("{\"job\":\"j1\"}"));
  auto data = started.Wait();
  REQUIRE(data.has_value());
  REQUIRE(data->ok());
  CHECK(**data == "{\"job\":\"j1\"}");
  CHECK(wait.count() == 0);  // the engine decides when to wait

  // wait(data) → output; it may run again (a resume) with the same data and key.
  for (int round = 0; round < 2; ++round) {
    Waiter waited;
    CallHandle wait_handle =
        StartDurableWait(tool, Data(**data, "run1:3"), waited.MakeCompletion());
    REQUIRE(wait.WaitCalls(round + 1));
    CHECK(wait.key(round) == "run1:3");
    CHECK(wait.path(round) == std::vector<std::string>{"jobs", "run"});
    CHECK(wait.text(round) == "{\"job\":\"j1\"}");
    CHECK_FALSE(wait.stop_requested(round));
    wait.Complete(round, std::string("{\"done\":true}"));
    auto output = waited.Wait();
    REQUIRE(output.has_value());
    REQUIRE(output->ok());
    CHECK(**output == "{\"done\":true}");
  }

  // cancel(data).
  Waiter cancelled;
  CallHandle cancel_handle =
      StartDurableCancel(tool, Data(**data, "run1:3"), cancelled.MakeCompletion());
  REQUIRE(cancel.WaitCalls(1));
  CHECK(cancel.text(0) == "{\"job\":\"j1\"}");
  CHECK(cancel.key(0) == "run1:3");
  cancel.Complete(0, std::string("null"));
  auto cancel_outcome = cancelled.Wait();
  REQUIRE(cancel_outcome.has_value());
  CHECK(cancel_outcome->ok());
  CHECK(start.count() == 1);
}

TEST_CASE("kinds: a suspended durable wait ends with kCancelled and leaves the job", "[kinds]") {
  Phase start, wait, cancel;
  Tool tool = Tool::Durable(DurableFns{start.Execute(), wait.Durable(), cancel.Durable()});
  Waiter waited;
  CallHandle handle = StartDurableWait(tool, Data("{\"job\":\"j\"}"), waited.MakeCompletion());
  REQUIRE(wait.WaitCalls(1));
  handle.Cancel();
  auto outcome = waited.Wait(5s);
  REQUIRE(outcome.has_value());
  CHECK(outcome->status().code() == absl::StatusCode::kCancelled);
  CHECK(wait.stop_requested(0));
  wait.Complete(0, std::string("{}"));  // the late answer is dropped
  std::this_thread::sleep_for(50ms);
  CHECK(waited.calls() == 1);
  CHECK(cancel.count() == 0);  // stopping a wait never cancels the job
}

TEST_CASE("kinds: durable phases that are missing or misused", "[kinds]") {
  Phase start, wait;
  Tool no_cancel = Tool::Durable(DurableFns{start.Execute(), wait.Durable(), nullptr});
  Waiter w1;
  CallHandle h1 = StartDurableCancel(no_cancel, Data("{}"), w1.MakeCompletion());
  auto o1 = w1.Wait();
  REQUIRE(o1.has_value());
  CHECK(o1->status().code() == absl::StatusCode::kUnimplemented);
  CHECK(o1->status().message() == "durable tool has no cancel; the job is left running");

  Tool no_wait = Tool::Durable(DurableFns{start.Execute(), nullptr, nullptr});
  Waiter w2;
  CallHandle h2 = StartDurableWait(no_wait, Data("{}"), w2.MakeCompletion());
  auto o2 = w2.Wait();
  REQUIRE(o2.has_value());
  CHECK(o2->status().code() == absl::StatusCode::kFailedPrecondition);
  CHECK(o2->status().message() == "durable tool has no wait");

  Tool no_start = Tool::Durable(DurableFns{nullptr, wait.Durable(), nullptr});
  CallOutcome o3 = CallAndWait(no_start, "{}");
  CHECK(o3.status().code() == absl::StatusCode::kFailedPrecondition);
  CHECK(o3.status().message() == "tool has no implementation");

  // Wait and cancel of a tool that is not durable.
  Tool plain = Tool::FromFunction([](std::string_view) { return std::string("1"); });
  Waiter w4, w5;
  CallHandle h4 = StartDurableWait(plain, Data("{}"), w4.MakeCompletion());
  CallHandle h5 = StartDurableCancel(plain, Data("{}"), w5.MakeCompletion());
  CHECK(MessageOf(*w4.Wait()) == "durable wait of a tool that is not durable");
  CHECK(MessageOf(*w5.Wait()) == "durable cancel of a tool that is not durable");
  CHECK(w4.thread() != std::this_thread::get_id());
  CHECK(start.count() == 0);
  CHECK(wait.count() == 0);
}

TEST_CASE("kinds: StartCallToOutput runs start then wait", "[kinds]") {
  Phase start, wait, cancel;
  Tool tool = Tool::Durable(DurableFns{start.ExecuteReplying(std::string("{\"job\":\"j7\"}")),
                                       wait.DurableReplying(std::string("{\"result\":42}")),
                                       cancel.Durable()});
  Waiter waiter;
  CallHandle handle = StartCallToOutput(tool, Request("{\"n\":21}", "r:9", {"jobs", "run"}),
                                        waiter.MakeCompletion());
  auto outcome = waiter.Wait();
  REQUIRE(outcome.has_value());
  REQUIRE(outcome->ok());
  CHECK(**outcome == "{\"result\":42}");
  CHECK(start.text(0) == "{\"n\":21}");
  CHECK(wait.text(0) == "{\"job\":\"j7\"}");
  CHECK(wait.key(0) == "r:9");
  CHECK(wait.path(0) == std::vector<std::string>{"jobs", "run"});
  CHECK(cancel.count() == 0);
  std::this_thread::sleep_for(50ms);
  CHECK(waiter.calls() == 1);

  // Plain tools: as StartCall.
  Tool plain = Tool::FromFunction([](std::string_view in) { return std::string(in); });
  Waiter plain_waiter;
  CallHandle plain_handle = StartCallToOutput(plain, Request("[1]"), plain_waiter.MakeCompletion());
  CHECK(**plain_waiter.Wait() == "[1]");
}

TEST_CASE("kinds: StartCallToOutput failures settle the call without cancel", "[kinds]") {
  Phase start, wait, cancel;
  Tool bad_start = Tool::Durable(DurableFns{start.ExecuteReplying(absl::UnknownError("no quota")),
                                            wait.Durable(), cancel.Durable()});
  Waiter w1;
  CallHandle h1 = StartCallToOutput(bad_start, Request("{}"), w1.MakeCompletion());
  CHECK(MessageOf(*w1.Wait()) == "no quota");
  CHECK(wait.count() == 0);

  Phase start2, wait2;
  Tool bad_wait = Tool::Durable(DurableFns{
      start2.ExecuteReplying(std::string("{}")),
      wait2.DurableReplying(absl::UnknownError("job failed: disk full")), cancel.Durable()});
  Waiter w2;
  CallHandle h2 = StartCallToOutput(bad_wait, Request("{}"), w2.MakeCompletion());
  CHECK(MessageOf(*w2.Wait()) == "job failed: disk full");
  std::this_thread::sleep_for(50ms);
  CHECK(cancel.count() == 0);
  CHECK(w2.calls() == 1);
}

TEST_CASE("kinds: StartCallToOutput interrupted cancels the started job", "[kinds]") {
  // Stop during wait: wait is stopped, cancel(data) runs with an unstopped token, then kCancelled.
  Phase start, wait, cancel;
  Tool tool = Tool::Durable(DurableFns{start.ExecuteReplying(std::string("{\"job\":\"j2\"}")),
                                       wait.Durable(), cancel.Durable()});
  Waiter waiter;
  CallHandle handle = StartCallToOutput(tool, Request("{}", "r:4"), waiter.MakeCompletion());
  REQUIRE(wait.WaitCalls(1));
  handle.Cancel();
  REQUIRE(cancel.WaitCalls(1));
  CHECK(wait.stop_requested(0));
  CHECK(cancel.text(0) == "{\"job\":\"j2\"}");
  CHECK(cancel.key(0) == "r:4");
  CHECK_FALSE(cancel.stop_requested(0));
  std::this_thread::sleep_for(50ms);
  CHECK(waiter.calls() == 0);  // not before cancel has finished
  cancel.Complete(0, std::string("null"));
  auto outcome = waiter.Wait();
  REQUIRE(outcome.has_value());
  CHECK(outcome->status().code() == absl::StatusCode::kCancelled);
  CHECK(outcome->status().message() == "tool call cancelled");
  wait.Complete(0, std::string("{}"));  // late
  std::this_thread::sleep_for(50ms);
  CHECK(waiter.calls() == 1);

  // A failing cancel is reported in the message.
  Phase start2, wait2, cancel2;
  Tool tool2 =
      Tool::Durable(DurableFns{start2.ExecuteReplying(std::string("{}")), wait2.Durable(),
                               cancel2.DurableReplying(absl::UnknownError("no such job"))});
  Waiter w2;
  CallHandle h2 = StartCallToOutput(tool2, Request("{}"), w2.MakeCompletion());
  REQUIRE(wait2.WaitCalls(1));
  h2.Cancel();
  auto o2 = w2.Wait();
  REQUIRE(o2.has_value());
  CHECK(o2->status().code() == absl::StatusCode::kCancelled);
  CHECK(o2->status().message() == "tool call cancelled (durable cancel failed: no such job)");

  // No cancel function: the job is left running, and the message says so.
  Phase start3, wait3;
  Tool tool3 = Tool::Durable(
      DurableFns{start3.ExecuteReplying(std::string("{}")), wait3.Durable(), nullptr});
  Waiter w3;
  CallHandle h3 = StartCallToOutput(tool3, Request("{}"), w3.MakeCompletion());
  REQUIRE(wait3.WaitCalls(1));
  h3.Cancel();
  auto o3 = w3.Wait();
  REQUIRE(o3.has_value());
  CHECK(o3->status().message() ==
        "tool call cancelled (durable tool has no cancel; the job is left running)");
}

TEST_CASE("kinds: StartCallToOutput interrupted during start does not wait or cancel", "[kinds]") {
  Phase start, wait, cancel;
  Tool tool = Tool::Durable(DurableFns{start.Execute(), wait.Durable(), cancel.Durable()});
  Waiter waiter;
  CallHandle handle = StartCallToOutput(tool, Request("{}"), waiter.MakeCompletion());
  REQUIRE(start.WaitCalls(1));
  handle.Cancel();
  auto outcome = waiter.Wait(5s);
  REQUIRE(outcome.has_value());
  CHECK(outcome->status().code() == absl::StatusCode::kCancelled);
  // start produces its data after all: too late, the call is over; nothing else runs.
  start.Complete(0, std::string("{\"job\":\"late\"}"));
  std::this_thread::sleep_for(100ms);
  CHECK(wait.count() == 0);
  CHECK(cancel.count() == 0);
  CHECK(waiter.calls() == 1);
}

}  // namespace codemode::tools
