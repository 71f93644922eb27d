// Durable and idempotent command tools with real processes: DurableCommand, the manifest's
// "durable"/"idempotent", and the examples/durable-job scripts (node; no shell involved).
#include <stdlib.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tests/tools/call_util.h"
#include "tools/command.h"
#include "tools/json.h"
#include "tools/manifest.h"
#include "tools/tool.h"

namespace codemode::tools {
namespace {

using testing::CallAndWait;
using testing::EventuallyGone;
using testing::MessageOf;
using testing::ProcessGone;
using testing::ReadPid;
using testing::Reaped;
using testing::Request;
using testing::TempDir;
using testing::Waiter;

using namespace std::chrono_literals;

const std::string kFixtures = std::string(CODEMODE_SOURCE_DIR) + "/tests/tools/fixtures";
const std::string kExample = std::string(CODEMODE_SOURCE_DIR) + "/examples/durable-job";

CommandSpec Phase(const char* phase) {
  return CommandSpec{{"node", "durable-phase.js", phase}, kFixtures};
}

// A durable tool built the way the manifest builds one.
Tool DurableTool(bool with_cancel = true) {
  DurableCommandSpec spec{Phase("start"), Phase("wait"), std::nullopt};
  if (with_cancel) spec.cancel = Phase("cancel");
  auto fns = DurableCommand(std::move(spec));
  REQUIRE(fns.ok());
  Tool tool;
  tool.kind = ToolKind::kDurable;
  tool.durable = *std::move(fns);
  return tool;
}

DurableRequest Data(std::string data_json, std::string key) {
  DurableRequest r;
  r.key = std::move(key);
  r.path = {"jobs", "run"};
  r.data_json = std::move(data_json);
  return r;
}

CallOutcome WaitFor(const Tool& tool, const std::string& data, const std::string& key) {
  Waiter waiter;
  CallHandle handle = StartDurableWait(tool, Data(data, key), waiter.MakeCompletion());
  auto outcome = waiter.Wait();
  if (!outcome) return absl::DeadlineExceededError("test: wait did not complete in 30 s");
  return *outcome;
}

CallOutcome CancelFor(const Tool& tool, const std::string& data, const std::string& key) {
  Waiter waiter;
  CallHandle handle = StartDurableCancel(tool, Data(data, key), waiter.MakeCompletion());
  auto outcome = waiter.Wait();
  if (!outcome) return absl::DeadlineExceededError("test: cancel did not complete in 30 s");
  return *outcome;
}

std::string Quoted(const std::string& s) {
  std::string out;
  json::AppendQuoted(s, &out);
  return out;
}

// Waits up to 30 s for `waiter`, then checks that nothing else arrives for a moment.
CallOutcome OnlyOutcome(Waiter& waiter) {
  auto outcome = waiter.Wait();
  REQUIRE(outcome.has_value());
  std::this_thread::sleep_for(100ms);
  CHECK(waiter.calls() == 1);
  return *outcome;
}

}  // namespace

TEST_CASE("durable command: start, wait and cancel, each with the call key", "[durable]") {
  TempDir dir;
  Tool tool = DurableTool();
  const std::string input = "{\"n\":21,\"dir\":" + Quoted(dir.path()) + "}";
  CallOutcome data = CallAndWait(tool, input, "run1:7");
  REQUIRE(data.ok());
  CHECK(*data == "{\"key\":\"run1:7\",\"n\":21,\"dir\":" + Quoted(dir.path()) + "}");

  // wait(data) → the output; again (as after a resume) → the same output.
  const std::string expected =
      "{\"result\":42,\"startKey\":\"run1:7\",\"waitKey\":\"run1:7\",\"cwd\":" + Quoted(kFixtures) +
      "}";
  for (int round = 0; round < 2; ++round) {
    CallOutcome output = WaitFor(tool, *data, "run1:7");
    REQUIRE(output.ok());
    CHECK(*output == expected);
  }

  // cancel(data): the data on stdin, the key in the environment; printing nothing is fine.
  CallOutcome cancelled = CancelFor(tool, *data, "run1:7");
  REQUIRE(cancelled.ok());
  CHECK(*cancelled == "null");
  CHECK(dir.Read("cancelled-0.json") == "{\"key\":\"run1:7\",\"data\":" + *data + "}");
  CHECK(dir.Read("phases.log") == "start run1:7\nwait run1:7\nwait run1:7\ncancel run1:7\n");
}

TEST_CASE("durable command: failures of each phase", "[durable]") {
  TempDir dir;
  Tool tool = DurableTool();
  const std::string where = ",\"dir\":" + Quoted(dir.path()) + "}";
  CHECK(MessageOf(CallAndWait(tool, "{\"n\":1,\"fail\":\"start\"" + where, "r:1")) ==
        "start failed for r:1");
  CHECK(MessageOf(CallAndWait(tool, "{\"n\":1,\"print\":\"\"" + where)) ==
        "tool printed no output");
  CHECK(MessageOf(CallAndWait(tool, "{\"n\":1,\"print\":\"{job\"" + where))
            .rfind("tool printed invalid JSON: ", 0) == 0);
  CHECK(MessageOf(WaitFor(tool, "{\"n\":1,\"fail\":\"wait\"" + where, "r:2")) ==
        "wait failed for r:2");
  CHECK(MessageOf(CancelFor(tool, "{\"n\":1,\"fail\":\"cancel\"" + where, "r:3")) ==
        "cancel failed for r:3");

  // Bad commands are rejected up front, naming the phase.
  auto empty = DurableCommand(DurableCommandSpec{CommandSpec{}, Phase("wait"), std::nullopt});
  CHECK(empty.status().message() ==
        "durable.start: command: expected a non-empty argv with a program name");
  auto bad_cancel = DurableCommand(
      DurableCommandSpec{Phase("start"), Phase("wait"), CommandSpec{{"c", std::string(1, '\0')}}});
  CHECK(bad_cancel.status().message() ==
        "durable.cancel: command: an argument contains a NUL byte");

  // Without a cancel command there is no cancel function.
  Tool no_cancel = DurableTool(false);
  CHECK_FALSE(no_cancel.durable.cancel);
  CHECK(CancelFor(no_cancel, "{}", "r:5").status().code() == absl::StatusCode::kUnimplemented);
}

TEST_CASE("durable command: stop kills the phase's process; one kCancelled completion",
          "[durable]") {
  TempDir dir;
  Tool tool = DurableTool();
  const std::string where = ",\"dir\":" + Quoted(dir.path()) + "}";

  // A start that never ends.
  Waiter started;
  CallHandle start = StartCall(tool, Request("{\"n\":1,\"hang\":\"start\"" + where, "r:1"),
                               started.MakeCompletion());
  pid_t start_pid = ReadPid(dir, "start.pid");
  CHECK(started.calls() == 0);
  start.Cancel();
  CallOutcome start_outcome = OnlyOutcome(started);
  CHECK(start_outcome.status().code() == absl::StatusCode::kCancelled);
  CHECK(Reaped(start_pid));

  // A wait that never ends (a suspend stops it): killed, and cancel is NOT run.
  Waiter waited;
  CallHandle wait = StartDurableWait(tool, Data("{\"n\":1,\"hang\":\"wait\"" + where, "r:2"),
                                     waited.MakeCompletion());
  pid_t wait_pid = ReadPid(dir, "wait.pid");
  wait.Cancel();
  CHECK(OnlyOutcome(waited).status().code() == absl::StatusCode::kCancelled);
  CHECK(Reaped(wait_pid));
  CHECK_FALSE(std::filesystem::exists(dir.File("cancelled-0.json")));
  std::filesystem::remove(dir.File("wait.pid"));

  // Interrupted for real with StartCallToOutput: the wait is killed, then cancel(data) runs with
  // the call's key before the call completes.
  Waiter whole;
  CallHandle handle = StartCallToOutput(tool, Request("{\"n\":1,\"hang\":\"wait\"" + where, "r:3"),
                                        whole.MakeCompletion());
  pid_t whole_wait_pid = ReadPid(dir, "wait.pid");
  handle.Cancel();
  CallOutcome whole_outcome = OnlyOutcome(whole);
  CHECK(whole_outcome.status().code() == absl::StatusCode::kCancelled);
  CHECK(whole_outcome.status().message() == "tool call cancelled");
  CHECK(ProcessGone(whole_wait_pid));
  auto cancel_record = json::Parse(dir.Read("cancelled-0.json"));
  REQUIRE(cancel_record.ok());
  CHECK(cancel_record->Find("key")->as_string() == "r:3");
  CHECK(cancel_record->Find("data")->Find("hang")->as_string() == "wait");
}

TEST_CASE("durable command: manifest durable and idempotent tools run", "[durable][manifest]") {
  TempDir dir;
  auto tree = ParseManifest(R"({
    "jobs.run": {"durable": {"start": ["node", "durable-phase.js", "start"],
                             "wait": ["node", "durable-phase.js", "wait"],
                             "cancel": ["node", "durable-phase.js", "cancel"]}},
    "jobs.echo": {"command": ["node", "durable-phase.js", "start"], "idempotent": true}
  })",
                            kFixtures);
  REQUIRE(tree.ok());
  const Tool* run = tree->Find("jobs.run");
  REQUIRE(run != nullptr);
  Waiter waiter;
  CallHandle handle =
      StartCallToOutput(*run, Request("{\"n\":5,\"dir\":" + Quoted(dir.path()) + "}", "m:1"),
                        waiter.MakeCompletion());
  CallOutcome output = OnlyOutcome(waiter);
  REQUIRE(output.ok());
  CHECK(*output == "{\"result\":10,\"startKey\":\"m:1\",\"waitKey\":\"m:1\",\"cwd\":" +
                       Quoted(kFixtures) + "}");

  // An idempotent command tool: the key reaches the process; stop kills it with kCancelled.
  const Tool* echo = tree->Find("jobs.echo");
  REQUIRE(echo->kind == ToolKind::kIdempotent);
  CallOutcome echoed = CallAndWait(*echo, "{\"n\":3}", "m:2");
  REQUIRE(echoed.ok());
  CHECK(*echoed == "{\"key\":\"m:2\",\"n\":3}");
  Waiter stopped;
  CallHandle stop_handle = StartCall(
      *echo, Request("{\"n\":1,\"hang\":\"start\",\"dir\":" + Quoted(dir.path()) + "}", "m:3"),
      stopped.MakeCompletion());
  pid_t pid = ReadPid(dir, "start.pid");
  stop_handle.Cancel();
  CHECK(OnlyOutcome(stopped).status().code() == absl::StatusCode::kCancelled);
  CHECK(Reaped(pid));
  // Re-run with the same key after the interruption, as after a resume.
  CallOutcome again = CallAndWait(*echo, "{\"n\":3}", "m:2");
  REQUIRE(again.ok());
  CHECK(*again == *echoed);
}

TEST_CASE("durable command: the durable-job example's scripts", "[durable][example]") {
  TempDir jobs;
  setenv("CODEMODE_JOB_DIR", jobs.path().c_str(), 1);
  auto tree = LoadManifest(kExample + "/manifest.json");
  REQUIRE(tree.ok());
  const Tool* run = tree->Find("jobs.run");
  const Tool* describe = tree->Find("jobs.describe");
  REQUIRE(run != nullptr);
  REQUIRE(describe != nullptr);
  CHECK(run->kind == ToolKind::kDurable);
  CHECK(describe->kind == ToolKind::kPlain);

  auto job_of = [](const std::string& data) {
    auto parsed = json::Parse(data);
    REQUIRE(parsed.ok());
    return parsed->Find("job")->as_string();
  };
  auto status_of = [&](const std::string& job) {
    CallOutcome d = CallAndWait(*describe, "{\"job\":" + Quoted(job) + "}");
    REQUIRE(d.ok());
    return json::Parse(*d)->Find("status")->as_string();
  };

  // start returns at once; the job runs on in a detached worker that outlives start's process
  // group; a stopped wait (a suspend) leaves it running (it ends "done", not "cancelled"); a new
  // wait gets the result.
  auto before = std::chrono::steady_clock::now();
  CallOutcome data = CallAndWait(*run, "{\"seconds\":2,\"label\":\"first\"}", "ex:1");
  REQUIRE(data.ok());
  CHECK(std::chrono::steady_clock::now() - before < 2s);
  const std::string job = job_of(*data);
  CHECK(*data == "{\"job\":" + Quoted(job) + ",\"dir\":" + Quoted(jobs.path()) + "}");
  CHECK(status_of(job) == "running");
  // The same key finds the same job instead of starting another.
  CallOutcome same = CallAndWait(*run, "{\"seconds\":2,\"label\":\"first\"}", "ex:1");
  REQUIRE(same.ok());
  CHECK(*same == *data);
  Waiter suspended;
  CallHandle wait_handle = StartDurableWait(*run, Data(*data, "ex:1"), suspended.MakeCompletion());
  std::this_thread::sleep_for(200ms);
  wait_handle.Cancel();
  CHECK(OnlyOutcome(suspended).status().code() == absl::StatusCode::kCancelled);
  CallOutcome output = WaitFor(*run, *data, "ex:1");
  REQUIRE(output.ok());
  auto parsed = json::Parse(*output);
  REQUIRE(parsed.ok());
  CHECK(parsed->Find("job")->as_string() == job);
  CHECK(parsed->Find("label")->as_string() == "first");
  CHECK(parsed->Find("seconds")->as_double() == 2);
  CHECK(parsed->Find("finishedAt")->as_string() > parsed->Find("startedAt")->as_string());
  CHECK(WaitFor(*run, *data, "ex:1").value() == *output);  // waiting again: same output
  CHECK(status_of(job) == "done");
  CallOutcome late_cancel = CancelFor(*run, *data, "ex:1");
  REQUIRE(late_cancel.ok());
  CHECK(*late_cancel == "{\"job\":" + Quoted(job) + ",\"status\":\"done\"}");

  // cancel stops a running job: the worker dies and wait reports the cancellation.
  CallOutcome long_data = CallAndWait(*run, "{\"seconds\":60,\"label\":\"long\"}", "ex:2");
  REQUIRE(long_data.ok());
  const std::string long_job = job_of(*long_data);
  auto meta = json::Parse(jobs.Read(long_job + ".job.json"));
  REQUIRE(meta.ok());
  CHECK(meta->Find("key")->as_string() == "ex:2");
  pid_t worker = static_cast<pid_t>(meta->Find("pid")->as_int64());
  CHECK_FALSE(ProcessGone(worker));
  CallOutcome cancelled = CancelFor(*run, *long_data, "ex:2");
  REQUIRE(cancelled.ok());
  CHECK(*cancelled == "{\"job\":" + Quoted(long_job) + ",\"status\":\"cancelled\"}");
  CHECK(EventuallyGone(worker));
  CHECK(MessageOf(WaitFor(*run, *long_data, "ex:2"))
            .rfind("job " + long_job + " was cancelled at ", 0) == 0);
  CHECK(status_of(long_job) == "cancelled");

  // A failing job makes wait fail with its message; bad input fails start.
  CallOutcome failing = CallAndWait(*run, "{\"seconds\":0.1,\"fail\":\"disk full\"}", "ex:3");
  REQUIRE(failing.ok());
  CHECK(MessageOf(WaitFor(*run, *failing, "ex:3")) ==
        "job " + job_of(*failing) + " failed: disk full");
  CHECK(MessageOf(CallAndWait(*run, "{\"seconds\":-1}", "ex:4")) ==
        "seconds must be a number from 0 to 3600");
  CHECK(MessageOf(WaitFor(*run, "{\"job\":\"nope\",\"dir\":" + Quoted(jobs.path()) + "}",
                          "ex:5")) == "unknown job nope in " + jobs.path());
  unsetenv("CODEMODE_JOB_DIR");
}

}  // namespace codemode::tools
