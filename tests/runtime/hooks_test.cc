// Hooks around host calls (issue 3 item 2; runtime/runtime.h Hooks): before/after with path, input and
// call key on the run's thread; a failing before denies the call (ApprovalDenied, the tool never runs,
// the call still counts toward maxToolCalls); after sees success, failure or interruption; suspend
// detaches calls without after, and a resumed run (a brand-new Runtime) runs after once without
// running before again; roundtrip mode gives the same sequence.
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>

#include "absl/status/status.h"
#include "runtime/runtime.h"
#include "tests/runtime/tool_journal.h"
#include "tools/tool.h"

namespace {

using codemode::CallEnding;
using codemode::HostCallInfo;
using codemode::Hooks;
using codemode::Language;
using codemode::Limits;
using codemode::Outcome;
using codemode::Program;
using codemode::Result;
using codemode::Runtime;
using codemode::RuntimeOptions;
namespace tools = codemode::tools;
using codemode::testing::BlockThenComplete;
using codemode::testing::Journal;

// What the hooks saw: one line per hook call, and the threads they ran on.
struct HookLog {
  std::mutex mu;
  std::vector<std::string> events;
  std::vector<std::thread::id> threads;
  std::vector<std::string> Events() {
    std::lock_guard<std::mutex> l(mu);
    return events;
  }
  bool AllOn(std::thread::id id) {
    std::lock_guard<std::mutex> l(mu);
    for (auto t : threads)
      if (t != id) return false;
    return !threads.empty();
  }
};

tools::Namespace Fixtures(std::shared_ptr<Journal> log) {
  tools::Namespace ns;
  tools::Tool echo;  // answers at once with its input
  echo.execute = [log](tools::CallRequest req, tools::Completion done) {
    log->Add("echo " + req.key + " " + req.input_json);
    done(req.input_json);
  };
  ns.tools.emplace_back("echo", echo);
  tools::Tool fail;  // fails at once
  fail.execute = [log](tools::CallRequest req, tools::Completion done) {
    log->Add("fail " + req.key);
    done(absl::UnavailableError("backend down"));
  };
  ns.tools.emplace_back("fail", fail);
  tools::Tool write;  // the tool the tests deny
  write.execute = [log](tools::CallRequest req, tools::Completion done) {
    log->Add("write " + req.key);
    done(std::string("{\"written\":true}"));
  };
  ns.tools.emplace_back("write", write);
  tools::Tool slow;  // plain, blocks until released or stopped
  slow.execute = [log](tools::CallRequest req, tools::Completion done) {
    log->Add("slow " + req.key);
    BlockThenComplete(log, req.stop, std::move(done), "{\"slow\":true}");
  };
  ns.tools.emplace_back("slow", slow);
  ns.tools.emplace_back("idem", tools::Tool::Idempotent([log](tools::CallRequest req, tools::Completion done) {
    log->Add("idem " + req.key + " " + req.input_json);
    BlockThenComplete(log, req.stop, std::move(done), "{\"idem\":" + req.input_json + "}");
  }));
  tools::DurableFns fns;  // start answers at once; wait blocks until released
  fns.start = [log](tools::CallRequest req, tools::Completion done) {
    log->Add("start " + req.key + " " + req.input_json);
    done("{\"job\":\"" + req.key + "\"}");
  };
  fns.wait = [log](tools::DurableRequest req, tools::Completion done) {
    log->Add("wait " + req.key + " " + req.data_json);
    BlockThenComplete(log, req.stop, std::move(done), "{\"done\":" + req.data_json + "}");
  };
  fns.cancel = [log](tools::DurableRequest req, tools::Completion done) {
    log->Add("cancel " + req.key);
    done(std::string("{}"));
  };
  ns.tools.emplace_back("job", tools::Tool::Durable(fns));
  tools::DurableFns bad;  // start fails
  bad.start = [log](tools::CallRequest req, tools::Completion done) {
    log->Add("badstart " + req.key);
    done(absl::InternalError("no capacity"));
  };
  bad.wait = fns.wait;
  ns.tools.emplace_back("badjob", tools::Tool::Durable(bad));
  tools::Namespace root;
  root.namespaces.emplace_back("t", ns);
  return root;
}

std::string EndingText(const CallEnding& e) {
  switch (e.kind) {
    case CallEnding::Kind::kSuccess:
      return "success " + e.value_json;
    case CallEnding::Kind::kFailure:
      return "failure " + e.message;
    case CallEnding::Kind::kInterrupted:
      return "interrupted " + e.message;
  }
  return "?";
}

struct Setup {
  Limits limits;
  Language language = Language::kJavaScript;
  bool roundtrip = false;
  std::string deny;  // before denies calls of this path with message "denied: <path>"
};

std::unique_ptr<Runtime> MakeRuntime(const std::shared_ptr<Journal>& log, const std::shared_ptr<HookLog>& hooks,
                                     const Setup& setup = {}) {
  RuntimeOptions options;
  options.limits = setup.limits;
  options.language = setup.language;
  auto tree = tools::ToolTree::Make(Fixtures(log));
  REQUIRE(tree.ok());
  options.tools = std::move(*tree);
  options.wall_clock_ms = [] { return int64_t{1700000000000}; };
  std::string deny = setup.deny;
  options.hooks.before = [hooks, deny](const HostCallInfo& c) -> absl::Status {
    std::lock_guard<std::mutex> l(hooks->mu);
    hooks->threads.push_back(std::this_thread::get_id());
    hooks->events.push_back("before " + c.path + " " + c.input_json + " " + c.key);
    if (!deny.empty() && c.path == deny) return absl::PermissionDeniedError("denied: " + c.path);
    return absl::OkStatus();
  };
  options.hooks.after = [hooks](const HostCallInfo& c, const CallEnding& e) {
    std::lock_guard<std::mutex> l(hooks->mu);
    hooks->threads.push_back(std::this_thread::get_id());
    hooks->events.push_back("after " + c.path + " " + c.input_json + " " + c.key + " " + EndingText(e));
  };
  auto rt = Runtime::Make(std::move(options));
  REQUIRE(rt.ok());
  if (setup.roundtrip) {
    // Runtime::Make honours CODEMODE_ROUNDTRIP only to turn the mode on; ask for it directly here.
    RuntimeOptions again = (*rt)->options();
    again.roundtrip = true;
    auto rt2 = Runtime::Make(std::move(again));
    REQUIRE(rt2.ok());
    return std::move(*rt2);
  }
  return std::move(*rt);
}

// Runs a program on its own thread so the test can Suspend() it.
struct Runner {
  std::thread thread;
  Outcome out;
  explicit Runner(Program* p) : thread([this, p] { out = p->Run(); }) {}
  Outcome Join() {
    thread.join();
    return std::move(out);
  }
};

using Lines = std::vector<std::string>;

}  // namespace

TEST_CASE("hooks: before and after surround each call with path input and key on the run thread") {
  auto log = std::make_shared<Journal>();
  auto hooks = std::make_shared<HookLog>();
  auto rt = MakeRuntime(log, hooks);
  Result r = rt->Execute(R"(
    const a = await tools.t.echo({ x: 1 });
    let f;
    try { await tools.t.fail({}); } catch (e) { f = e.message; }
    let g;
    try { await tools.t.badjob({ n: 2 }); } catch (e) { g = e.message; }
    return [a, f, g];
  )", "run-h");
  INFO(r.ToJson(0));
  REQUIRE(r.ok);
  CHECK(r.value_json == R"([{"x":1},"backend down","no capacity"])");
  CHECK(hooks->Events() == Lines{
                               R"(before tools.t.echo {"x":1} run-h:1)",
                               R"(after tools.t.echo {"x":1} run-h:1 success {"x":1})",
                               "before tools.t.fail {} run-h:2",
                               "after tools.t.fail {} run-h:2 failure backend down",
                               R"(before tools.t.badjob {"n":2} run-h:3)",
                               R"(after tools.t.badjob {"n":2} run-h:3 failure no capacity)",
                           });
  CHECK(hooks->AllOn(std::this_thread::get_id()));  // Execute runs on this thread
  // The tool saw the same key as the hooks.
  CHECK(log->Count(R"(echo run-h:1 {"x":1})") == 1);
}

TEST_CASE("hooks: a denied call never reaches the tool and rejects with ApprovalDenied") {
  auto log = std::make_shared<Journal>();
  auto hooks = std::make_shared<HookLog>();
  Setup setup;
  setup.deny = "tools.t.write";
  auto rt = MakeRuntime(log, hooks, setup);
  Result caught = rt->Execute(R"(
    try { await tools.t.write({ v: 1 }); return 'not denied'; }
    catch (e) { return [e instanceof Error, e.message, await tools.t.echo({ after: true })]; }
  )", "run-d");
  INFO(caught.ToJson(0));
  REQUIRE(caught.ok);
  CHECK(caught.value_json == R"([true,"denied: tools.t.write",{"after":true}])");
  CHECK(log->Count("write") == 0);
  // No after for the denied call; the denied call used key :1, so echo is :2.
  CHECK(hooks->Events() == Lines{
                               R"(before tools.t.write {"v":1} run-d:1)",
                               R"(before tools.t.echo {"after":true} run-d:2)",
                               R"(after tools.t.echo {"after":true} run-d:2 success {"after":true})",
                           });
  // A denied call is admitted: it is listed and counted.
  CHECK(caught.tool_calls == Lines{"t.write", "t.echo"});

  Result uncaught = rt->Execute("await tools.t.write({}); return 1;", "run-u");
  CHECK_FALSE(uncaught.ok);
  CHECK(uncaught.error.kind == "ApprovalDenied");
  CHECK(uncaught.error.message == "Error: denied: tools.t.write");  // as uncaught ToolFailures read
  CHECK(log->Count("write") == 0);
}

TEST_CASE("hooks: denied calls count toward maxToolCalls so a retry loop stays bounded") {
  auto log = std::make_shared<Journal>();
  auto hooks = std::make_shared<HookLog>();
  Setup setup;
  setup.deny = "tools.t.write";
  setup.limits.max_tool_calls = 3;
  auto rt = MakeRuntime(log, hooks, setup);
  Result r = rt->Execute("for (;;) { try { await tools.t.write({}); } catch (e) {} }", "run-l");
  CHECK_FALSE(r.ok);
  CHECK(r.error.kind == "ToolCallLimitExceeded");
  CHECK(hooks->Events().size() == 3);  // the fourth call was never admitted: no hook
  CHECK(log->Count("write") == 0);
}

TEST_CASE("hooks: an empty denial message names the call") {
  auto log = std::make_shared<Journal>();
  RuntimeOptions options;
  auto tree = tools::ToolTree::Make(Fixtures(log));
  REQUIRE(tree.ok());
  options.tools = std::move(*tree);
  options.hooks.before = [](const HostCallInfo&) { return absl::PermissionDeniedError(""); };
  auto rt = Runtime::Make(std::move(options));
  REQUIRE(rt.ok());
  Result r = (*rt)->Execute("return await tools.t.echo({});", "run-e");
  CHECK(r.error.kind == "ApprovalDenied");
  CHECK(r.error.message == "Error: tools.t.echo (run-e:1) was denied by a before hook");
  CHECK(log->Count("echo") == 0);
}

TEST_CASE("hooks: Lua runs use the same host-call path") {
  auto log = std::make_shared<Journal>();
  auto hooks = std::make_shared<HookLog>();
  Setup setup;
  setup.language = Language::kLua;
  setup.deny = "tools.t.write";
  auto rt = MakeRuntime(log, hooks, setup);
  Result r = rt->Execute(R"(
    local a = tools.t.echo({ x = 1 })
    local ok, e = pcall(tools.t.write, { v = 2 })
    local ok2, e2 = pcall(tools.t.fail, {})
    return { x = a.x, ok = ok, e = e, ok2 = ok2, e2 = e2 }
  )", "run-lua");
  INFO(r.ToJson(0));
  REQUIRE(r.ok);
  CHECK(r.value_json ==
        R"({"e":"denied: tools.t.write","e2":"backend down","ok":false,"ok2":false,"x":1})");
  CHECK(hooks->Events() == Lines{
                               R"(before tools.t.echo {"x":1} run-lua:1)",
                               R"(after tools.t.echo {"x":1} run-lua:1 success {"x":1})",
                               R"(before tools.t.write {"v":2} run-lua:2)",
                               "before tools.t.fail {} run-lua:3",
                               "after tools.t.fail {} run-lua:3 failure backend down",
                           });
  CHECK(log->Count("write") == 0);
  Result uncaught = rt->Execute("return tools.t.write({ v = 1 })", "run-lua2");
  CHECK(uncaught.error.kind == "ApprovalDenied");
  CHECK(uncaught.error.message == "denied: tools.t.write");
}

TEST_CASE("hooks: an idempotent call stopped by suspend gets no after; the resumed run runs after once") {
  auto log = std::make_shared<Journal>();
  auto hooks = std::make_shared<HookLog>();
  auto rt = MakeRuntime(log, hooks);
  auto p = rt->NewProgram("const x = await tools.t.idem({ v: 1 }); return [x, await tools.t.echo({})];", "",
                          "run-i");
  Runner runner(p.get());
  REQUIRE(log->WaitFor("idem run-i:1"));
  auto answer = p->Suspend();
  REQUIRE(std::holds_alternative<Outcome>(answer));
  std::thread::id first_thread = runner.thread.get_id();
  Outcome out = runner.Join();
  REQUIRE(out.is_suspended());
  CHECK(hooks->Events() == Lines{R"(before tools.t.idem {"v":1} run-i:1)"});
  CHECK(hooks->AllOn(first_thread));

  auto log2 = std::make_shared<Journal>();
  log2->Release();
  auto hooks2 = std::make_shared<HookLog>();
  Outcome done = MakeRuntime(log2, hooks2)->Resume(out.suspended->state)->Run();
  REQUIRE_FALSE(done.is_suspended());
  INFO(done.result.ToJson(0));
  REQUIRE(done.result.ok);
  CHECK(log2->Count(R"(idem run-i:1 {"v":1})") == 1);  // re-run with the same key
  // The re-run is the same call: no second before; after once when it settles.
  CHECK(hooks2->Events() == Lines{
                                R"(after tools.t.idem {"v":1} run-i:1 success {"idem":{"v":1}})",
                                "before tools.t.echo {} run-i:2",
                                "after tools.t.echo {} run-i:2 success {}",
                            });
  CHECK(hooks2->AllOn(std::this_thread::get_id()));
}

TEST_CASE("hooks: a durable call has before at start and after when wait settles in the resumed run") {
  auto log = std::make_shared<Journal>();
  auto hooks = std::make_shared<HookLog>();
  auto rt = MakeRuntime(log, hooks);
  auto p = rt->NewProgram("return await tools.t.job({ n: 7 });", "", "run-j");
  Runner runner(p.get());
  REQUIRE(log->WaitFor("wait run-j:1"));
  auto answer = p->Suspend();
  REQUIRE(std::holds_alternative<Outcome>(answer));
  Outcome out = runner.Join();
  REQUIRE(out.is_suspended());
  CHECK(hooks->Events() == Lines{R"(before tools.t.job {"n":7} run-j:1)"});
  CHECK(log->Count("cancel") == 0);

  // First resume: suspended again while waiting; still no after.
  auto log2 = std::make_shared<Journal>();
  auto hooks2 = std::make_shared<HookLog>();
  auto rt2 = MakeRuntime(log2, hooks2);
  auto p2 = rt2->Resume(out.suspended->state);
  Runner runner2(p2.get());
  REQUIRE(log2->WaitFor("wait run-j:1"));
  auto answer2 = p2->Suspend();
  REQUIRE(std::holds_alternative<Outcome>(answer2));
  Outcome out2 = runner2.Join();
  REQUIRE(out2.is_suspended());
  CHECK(hooks2->Events().empty());

  // Second resume: the job finishes; after once, with the output.
  auto log3 = std::make_shared<Journal>();
  log3->Release();
  auto hooks3 = std::make_shared<HookLog>();
  Outcome done = MakeRuntime(log3, hooks3)->Resume(out2.suspended->state)->Run();
  INFO(done.result.ToJson(0));
  REQUIRE(done.result.ok);
  CHECK(hooks3->Events() ==
        Lines{R"(after tools.t.job {"n":7} run-j:1 success {"done":{"job":"run-j:1"}})"});
  CHECK(log3->Count("start") == 0);
}

TEST_CASE("hooks: calls in flight when the run ends get after interrupted") {
  auto log = std::make_shared<Journal>();
  auto hooks = std::make_shared<HookLog>();
  Setup setup;
  setup.limits.timeout_ms = 300;
  auto rt = MakeRuntime(log, hooks, setup);
  Result r = rt->Execute("return await tools.t.job({ n: 1 });", "run-t");
  CHECK(r.error.kind == "TimeoutExceeded");
  CHECK(hooks->Events() == Lines{
                               R"(before tools.t.job {"n":1} run-t:1)",
                               R"(after tools.t.job {"n":1} run-t:1 interrupted the run was stopped: TimeoutExceeded)",
                           });
  CHECK(log->Count("cancel run-t:1") == 1);
  CHECK(hooks->AllOn(std::this_thread::get_id()));

  // A program that returns without awaiting its call: the call is cancelled at the end.
  auto hooks2 = std::make_shared<HookLog>();
  auto rt2 = MakeRuntime(log, hooks2);
  Result r2 = rt2->Execute("tools.t.slow({}); return 1;", "run-n");
  REQUIRE(r2.ok);
  CHECK(hooks2->Events() == Lines{
                                "before tools.t.slow {} run-n:1",
                                "after tools.t.slow {} run-n:1 interrupted the run ended before the call settled",
                            });
}

TEST_CASE("hooks: roundtrip mode gives the same hook sequence") {
  const char* js = R"(
    const a = await tools.t.echo({ i: 1 });
    const both = await Promise.all([tools.t.echo({ i: 2 }), tools.t.echo({ i: 3 })]);
    let d, f;
    try { await tools.t.write({}); } catch (e) { d = e.message; }
    try { await tools.t.fail({}); } catch (e) { f = e.message; }
    const objs = []; for (let k = 0; k < 300; k++) objs.push({ k });
    tools.t.slow({});
    return [a, both, d, f, objs.length];
  )";
  const char* lua = R"(
    local a = tools.t.echo({ i = 1 })
    local ok, d = pcall(tools.t.write, {})
    local t = {} for k = 1, 300 do t[k] = { k = k } end
    local ok2, f = pcall(tools.t.fail, {})
    return { a = a.i, d = d, f = f, n = #t }
  )";
  for (Language language : {Language::kJavaScript, Language::kLua}) {
    std::vector<Lines> runs;
    std::vector<std::string> results;
    for (bool roundtrip : {false, true}) {
      auto log = std::make_shared<Journal>();
      auto hooks = std::make_shared<HookLog>();
      Setup setup;
      setup.deny = "tools.t.write";
      setup.roundtrip = roundtrip;
      setup.language = language;
      auto rt = MakeRuntime(log, hooks, setup);
      CHECK((!roundtrip || rt->options().roundtrip));
      Result r = rt->Execute(language == Language::kLua ? lua : js, "run-r");
      INFO(r.ToJson(0));
      CHECK(r.ok);
      results.push_back(r.ToJson(0));
      runs.push_back(hooks->Events());
    }
    CHECK(results[0] == results[1]);
    CHECK(runs[0] == runs[1]);
    CHECK(runs[0].size() >= 5);
  }
}

// The denial messages travel in the snapshot (RunInfo.denials): a Lua run that catches a denial with
// pcall, is suspended and resumed in another Runtime, then re-raises that message still ends with
// ApprovalDenied, as it does without the suspend.
TEST_CASE("hooks: a Lua denial caught before a suspend is still ApprovalDenied after resume") {
  auto log = std::make_shared<Journal>();
  auto hooks = std::make_shared<HookLog>();
  Setup setup;
  setup.language = Language::kLua;
  setup.deny = "tools.t.write";
  auto rt = MakeRuntime(log, hooks, setup);
  auto p = rt->NewProgram(R"(
    local ok, e = pcall(tools.t.write, { v = 2 })
    local x = tools.t.idem({ v = 1 })
    error(e, 0)
  )", "", "run-ld");
  Runner runner(p.get());
  REQUIRE(log->WaitFor("idem run-ld:2"));
  auto answer = p->Suspend();
  REQUIRE(std::holds_alternative<Outcome>(answer));
  Outcome out = runner.Join();
  REQUIRE(out.is_suspended());

  auto log2 = std::make_shared<Journal>();
  log2->Release();
  auto hooks2 = std::make_shared<HookLog>();
  Outcome done = MakeRuntime(log2, hooks2, setup)->Resume(out.suspended->state)->Run();
  REQUIRE_FALSE(done.is_suspended());
  INFO(done.result.ToJson(0));
  CHECK(done.result.error.kind == "ApprovalDenied");
  CHECK(done.result.error.message == "denied: tools.t.write");
}
