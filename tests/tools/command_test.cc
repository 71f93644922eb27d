// The command backend with real processes (/bin/sh scripts and node).
#include "tools/command.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "tests/tools/call_util.h"

namespace codemode::tools {
namespace {

using testing::CallAndWait;
using testing::MessageOf;
using testing::ProcessGone;
using testing::ReadPid;
using testing::Reaped;
using testing::Request;
using testing::TempDir;
using testing::Waiter;

Tool Command(std::vector<std::string> argv, std::string cwd = "", CommandOptions options = {}) {
  auto execute = CommandExecutor(CommandSpec{std::move(argv), std::move(cwd)}, options);
  REQUIRE(execute.ok());
  Tool tool;
  tool.execute = *std::move(execute);
  return tool;
}

Tool Shell(const std::string& script, std::string cwd = "", CommandOptions options = {}) {
  return Command({"/bin/sh", "-c", script}, std::move(cwd), options);
}

}  // namespace

TEST_CASE("command: output, input on stdin, completion on a background thread", "[command]") {
  Waiter waiter;
  Tool cat = Shell("cat");
  CallHandle handle =
      StartCall(cat, Request("{\"id\": \"o_1\", \"n\": [1, 2]}"), waiter.MakeCompletion());
  auto outcome = waiter.Wait();
  REQUIRE(outcome.has_value());
  REQUIRE(outcome->ok());
  CHECK(**outcome == "{\"id\": \"o_1\", \"n\": [1, 2]}");
  CHECK(waiter.thread() != std::this_thread::get_id());
  CHECK(waiter.calls() == 1);

  // Surrounding whitespace is trimmed; the tool may ignore its input.
  CallOutcome printed = CallAndWait(Shell("printf '\\n  {\"ok\":true}\\n\\n'"), "{}");
  REQUIRE(printed.ok());
  CHECK(*printed == "{\"ok\":true}");

  // An empty input closes stdin at once.
  CallOutcome empty = CallAndWait(Shell("c=$(cat | wc -c); echo $c"), "");
  REQUIRE(empty.ok());
  CHECK(*empty == "0");
}

TEST_CASE("command: failures", "[command]") {
  CHECK(MessageOf(CallAndWait(
            Shell("echo first >&2; echo '  last line  ' >&2; printf '\\n \\n' >&2; exit 3"),
            "{}")) == "last line");
  CHECK(MessageOf(CallAndWait(Shell("exit 3"), "{}")) == "exited with status 3");
  CHECK(MessageOf(CallAndWait(Shell("echo '{}'; kill -9 $$"), "{}")) ==
        "killed by signal 9 (SIGKILL)");
  CHECK(MessageOf(CallAndWait(Shell("echo 'about to crash' >&2; kill -SEGV $$"), "{}")) ==
        "about to crash");
  CHECK(MessageOf(CallAndWait(Shell("true"), "{}")) == "tool printed no output");
  CHECK(MessageOf(CallAndWait(Shell("printf ' \\n\\t'"), "{}")) == "tool printed no output");
  CHECK(MessageOf(CallAndWait(Shell("echo '{oops'"), "{}")) ==
        "tool printed invalid JSON: invalid JSON at line 1, column 2 (byte 1): unexpected "
        "character 'o', expected a string key");
  CHECK(MessageOf(CallAndWait(Shell("echo '{\"a\":1} {}'"), "{}")) ==
        "tool printed invalid JSON: invalid JSON at line 1, column 9 (byte 8): unexpected "
        "character '{' after the JSON value");
  // A failing tool's stdout is ignored.
  CHECK(MessageOf(CallAndWait(Shell("echo '{}'; echo 'no such order' >&2; exit 1"), "{}")) ==
        "no such order");

  // Long error lines are cut on a character boundary.
  CommandOptions short_errors;
  short_errors.max_error_bytes = 10;
  CHECK(MessageOf(CallAndWait(Shell("printf 'ééééééé\\n' >&2; exit 1", "", short_errors), "{}")) ==
        "ééééé…");
}

TEST_CASE("command: output with lone surrogate escapes is handed on as printed", "[command]") {
  // JSON.parse reads them, and a JavaScript program's strings may hold them (vm::ParseJsonForHost).
  CallOutcome lone = CallAndWait(Shell("printf '{\"s\":\"\\\\ud800x\"}'"), "{}");
  REQUIRE(lone.ok());
  CHECK(*lone == "{\"s\":\"\\ud800x\"}");
}

TEST_CASE("command: empty output as null (for durable cancel)", "[command]") {
  CommandOptions options;
  options.empty_output_is_null = true;
  CallOutcome empty = CallAndWait(Command({"true"}, "", options), "{}");
  REQUIRE(empty.ok());
  CHECK(*empty == "null");
  CallOutcome blank = CallAndWait(Shell("printf ' \\n'", "", options), "{}");
  REQUIRE(blank.ok());
  CHECK(*blank == "null");
  // Everything else is unchanged: output is still checked, failures still fail.
  CHECK(*CallAndWait(Shell("echo '[1]'", "", options), "{}") == "[1]");
  CHECK(MessageOf(CallAndWait(Shell("echo '{x'", "", options), "{}"))
            .rfind("tool printed invalid JSON", 0) == 0);
  CHECK(MessageOf(CallAndWait(Shell("exit 4", "", options), "{}")) == "exited with status 4");
}

TEST_CASE("command: output size cap", "[command]") {
  CommandOptions options;
  options.max_output_bytes = 1000;
  CHECK(MessageOf(CallAndWait(Shell("head -c 5000 /dev/zero", "", options), "{}")) ==
        "tool output exceeds 1000 bytes");
  // Exactly at the cap is fine.
  CallOutcome at_cap = CallAndWait(Shell("printf '\"%0998d\"' 0", "", options), "{}");
  REQUIRE(at_cap.ok());
  CHECK(at_cap->size() == 1000);
  // A tool that never stops printing is killed, not waited for.
  auto start = std::chrono::steady_clock::now();
  CHECK(MessageOf(CallAndWait(Command({"yes"}, "", options), "{}")) ==
        "tool output exceeds 1000 bytes");
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  // The default cap is 8 MiB.
  CHECK(MessageOf(CallAndWait(Shell("head -c 9000000 /dev/zero"), "{}")) ==
        "tool output exceeds 8388608 bytes");
}

TEST_CASE("command: environment and working directory", "[command]") {
  CallOutcome key = CallAndWait(Shell("printf '\"%s\"' \"$CODEMODE_CALL_KEY\""), "{}", "run7:42");
  REQUIRE(key.ok());
  CHECK(*key == "\"run7:42\"");

  // The parent's environment is passed on, and a stale call key is replaced.
  setenv("CODEMODE_TOOLS_TEST_VAR", "inherited", 1);
  setenv("CODEMODE_CALL_KEY", "stale", 1);
  CallOutcome env = CallAndWait(
      Shell("printf '[\"%s\",\"%s\",%s]' \"$CODEMODE_TOOLS_TEST_VAR\" \"$CODEMODE_CALL_KEY\" "
            "$(env | grep -c '^CODEMODE_CALL_KEY=')"),
      "{}", "r:1");
  unsetenv("CODEMODE_CALL_KEY");
  REQUIRE(env.ok());
  CHECK(*env == "[\"inherited\",\"r:1\",1]");

  TempDir dir;
  CallOutcome cwd = CallAndWait(Shell("printf '\"%s\"' \"$(pwd -P)\"", dir.path()), "{}");
  REQUIRE(cwd.ok());
  CHECK(*cwd == "\"" + dir.path() + "\"");

  // A relative program path resolves against the working directory.
  dir.Write("tool.sh", "#!/bin/sh\necho '{\"from\":\"script\"}'\n", true);
  CallOutcome script = CallAndWait(Command({"./tool.sh"}, dir.path()), "{}");
  REQUIRE(script.ok());
  CHECK(*script == "{\"from\":\"script\"}");

  // A bare name is searched in PATH like execvp.
  CallOutcome path = CallAndWait(Command({"printf", "[%s]", "7"}), "{}");
  REQUIRE(path.ok());
  CHECK(*path == "[7]");
}

TEST_CASE("command: processes that cannot start", "[command]") {
  CallOutcome missing = CallAndWait(Command({"/nonexistent/tool"}), "{}");
  CHECK(MessageOf(missing) ==
        "cannot start tool command '/nonexistent/tool': No such file or directory");
  CHECK(MessageOf(CallAndWait(Command({"codemode-no-such-command-xyz"}), "{}")) ==
        "cannot start tool command 'codemode-no-such-command-xyz': No such file or directory");
  CHECK(MessageOf(CallAndWait(Command({"true"}, "/nonexistent-dir"), "{}")) ==
        "cannot start tool command 'true' in '/nonexistent-dir': No such file or directory");

  CHECK(CommandExecutor(CommandSpec{{}, ""}).status().message() ==
        "command: expected a non-empty argv with a program name");
  CHECK(CommandExecutor(CommandSpec{{""}, ""}).status().code() ==
        absl::StatusCode::kInvalidArgument);
  CHECK(CommandExecutor(CommandSpec{{"a", std::string("b\0c", 3)}, ""}).status().message() ==
        "command: an argument contains a NUL byte");
}

TEST_CASE("command: concurrent calls overlap", "[command]") {
  // Each call records when it started and ended; all five must overlap in time.
  Tool timed = Shell("s=$(date +%s%N); sleep 0.2; e=$(date +%s%N); printf '[%s,%s]' $s $e");
  std::vector<Waiter> waiters(5);
  std::vector<CallHandle> handles;
  for (int i = 0; i < 5; ++i) {
    handles.push_back(
        StartCall(timed, Request("{}", "r:" + std::to_string(i)), waiters[i].MakeCompletion()));
  }
  int64_t latest_start = 0, earliest_end = INT64_MAX;
  for (Waiter& w : waiters) {
    auto outcome = w.Wait();
    REQUIRE(outcome.has_value());
    REQUIRE(outcome->ok());
    auto times = json::Parse(**outcome);
    REQUIRE(times.ok());
    latest_start = std::max(latest_start, times->as_array()[0].as_int64());
    earliest_end = std::min(earliest_end, times->as_array()[1].as_int64());
  }
  CHECK(latest_start < earliest_end);
}

TEST_CASE("command: cancel kills the process group and reaps it", "[command]") {
  TempDir dir;
  // The shell starts a background sleep (same process group) and waits.
  Tool sleeper = Shell("echo $$ > leader.pid; sleep 30 & echo $! > child.pid; wait", dir.path());
  Waiter waiter;
  CallHandle handle = StartCall(sleeper, Request("{}"), waiter.MakeCompletion());
  pid_t leader = ReadPid(dir, "leader.pid");
  pid_t child = ReadPid(dir, "child.pid");
  CHECK(waiter.calls() == 0);
  auto start = std::chrono::steady_clock::now();
  handle.Cancel();
  auto outcome = waiter.Wait(std::chrono::seconds(10));
  REQUIRE(outcome.has_value());
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
  CHECK(outcome->status().code() == absl::StatusCode::kCancelled);
  CHECK(outcome->status().message() == "tool call cancelled");
  CHECK(Reaped(leader));  // our child: reaped, not a zombie
  for (int i = 0; i < 200 && !ProcessGone(child); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  CHECK(ProcessGone(child));
  handle.Cancel();  // idempotent, after completion
  CHECK(waiter.calls() == 1);

  // Stop requested before the call starts: nothing is spawned.
  Waiter early;
  CallRequest request = Request("{}");
  std::stop_source source;
  source.request_stop();
  request.stop = source.get_token();
  Shell("touch spawned; echo 1", dir.path()).execute(std::move(request), early.MakeCompletion());
  auto cancelled = early.Wait(std::chrono::seconds(5));
  REQUIRE(cancelled.has_value());
  CHECK(cancelled->status().code() == absl::StatusCode::kCancelled);
  CHECK_FALSE(std::filesystem::exists(dir.File("spawned")));
}

TEST_CASE("command: finished processes are reaped and stragglers do not hold the call",
          "[command]") {
  TempDir dir;
  CallOutcome plain = CallAndWait(Shell("echo $$ > pid; echo 1", dir.path()), "{}");
  REQUIRE(plain.ok());
  CHECK(Reaped(ReadPid(dir, "pid")));

  // A background process inherits stdout; the call still ends when the tool exits.
  auto start = std::chrono::steady_clock::now();
  CallOutcome straggler =
      CallAndWait(Shell("sleep 30 & echo $! > bg.pid; echo '{\"done\":1}'", dir.path()), "{}");
  REQUIRE(straggler.ok());
  CHECK(*straggler == "{\"done\":1}");
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  pid_t bg = ReadPid(dir, "bg.pid");
  for (int i = 0; i < 200 && !ProcessGone(bg); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  CHECK(ProcessGone(bg));
}

TEST_CASE("command: stdin handling survives tools that do not read it", "[command]") {
  // 4 MiB of input to a tool that exits at once: EPIPE, no SIGPIPE for the host.
  std::string big = "\"" + std::string(4 << 20, 'x') + "\"";
  CallOutcome ignored = CallAndWait(Shell("echo 1"), big);
  REQUIRE(ignored.ok());
  CHECK(*ignored == "1");
  // Closing stdin early, then answering.
  CallOutcome early = CallAndWait(Shell("exec 0<&-; sleep 0.05; echo 2"), big);
  REQUIRE(early.ok());
  CHECK(*early == "2");
  // Large input and large output at the same time do not deadlock.
  std::string two_mib = "\"" + std::string(2 << 20, 'y') + "\"";
  CallOutcome echoed = CallAndWait(Shell("cat"), two_mib);
  REQUIRE(echoed.ok());
  CHECK(*echoed == two_mib);
}

TEST_CASE("command: descriptors do not leak into tools", "[command]") {
  // An fd opened without O_CLOEXEC by the host is not visible in the tool.
  int fd = open("/dev/null", O_RDONLY);
  REQUIRE(fd >= 3);
  CallOutcome probe = CallAndWait(Shell("if [ -e /proc/$$/fd/" + std::to_string(fd) +
                                        " ]; then echo true; else echo false; fi"),
                                  "{}");
  close(fd);
  REQUIRE(probe.ok());
  CHECK(*probe == "false");
  // The tool sees exactly stdin, stdout and stderr as pipes.
  CallOutcome std_fds = CallAndWait(
      Shell("[ -p /proc/$$/fd/0 ] && [ -p /proc/$$/fd/1 ] && [ -p /proc/$$/fd/2 ] && echo true"),
      "{}");
  REQUIRE(std_fds.ok());
  CHECK(*std_fds == "true");
}

TEST_CASE("command: node tools", "[command]") {
  TempDir dir;
  dir.Write("double.js",
            "let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const i=JSON.parse(s);"
            "if(i.n<0){console.error('negative: '+i.n);process.exit(2)}"
            "console.log(JSON.stringify({n:i.n*2,key:process.env.CODEMODE_CALL_KEY}))})");
  Tool doubler = Command({"node", "double.js"}, dir.path());
  CallOutcome ok = CallAndWait(doubler, "{\"n\":21}", "run:9");
  REQUIRE(ok.ok());
  CHECK(*ok == "{\"n\":42,\"key\":\"run:9\"}");
  CHECK(MessageOf(CallAndWait(doubler, "{\"n\":-1}")) == "negative: -1");
}

}  // namespace codemode::tools
