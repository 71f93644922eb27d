// The run's clock and time zone (issue 5 item 3): RuntimeOptions::wall_clock_ms is what Date.now() and
// new Date() read; RuntimeOptions::time_zone is validated by Runtime::Make, drives local time, and a
// resumed run keeps the zone its snapshot records (whatever the resuming runtime's option says).
#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "runtime/runtime.h"
#include "tools/tool.h"

namespace {

using codemode::Outcome;
using codemode::Runtime;
using codemode::RuntimeOptions;
namespace tools = codemode::tools;

// One idempotent tool `t.hold`: with `hold` true it never completes by itself (the run parks on it);
// with `hold` false it answers {"ok":true} at once.
std::unique_ptr<Runtime> MakeRuntime(std::string zone, bool hold, bool park,
                                     int64_t clock_ms = 1700000000123) {
  RuntimeOptions options;
  tools::Namespace root, ns;
  ns.tools.emplace_back("hold", tools::Tool::Idempotent([hold](tools::CallRequest, tools::Completion done) {
    if (!hold) done(std::string("{\"ok\":true}"));
  }));
  root.namespaces.emplace_back("t", ns);
  auto tree = tools::ToolTree::Make(std::move(root));
  REQUIRE(tree.ok());
  options.tools = std::move(*tree);
  options.park_when_waiting = park;
  options.time_zone = std::move(zone);
  options.wall_clock_ms = [clock_ms] { return clock_ms; };
  auto rt = Runtime::Make(std::move(options));
  REQUIRE(rt.ok());
  return std::move(*rt);
}

}  // namespace

TEST_CASE("time zone names: IANA zones are accepted, anything else is rejected by Runtime::Make") {
  for (const char* ok : {"UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Etc/GMT+5"}) {
    INFO(ok);
    CHECK(codemode::ValidateTimeZone(ok).ok());
  }
  for (const char* bad : {"", "Mars/Olympus_Mons", "localtime", "../../etc/passwd", "/etc/localtime",
                          "Europe/Berlin ", "America/New York"}) {
    INFO(bad);
    RuntimeOptions options;
    options.time_zone = bad;
    auto rt = Runtime::Make(std::move(options));
    REQUIRE_FALSE(rt.ok());
    CHECK(rt.status().code() == absl::StatusCode::kInvalidArgument);
    CHECK(std::string(rt.status().message()).find("unknown time zone") != std::string::npos);
  }
}

TEST_CASE("the snapshot records the run's time zone; a resume keeps it") {
  auto rt = MakeRuntime("Asia/Tokyo", /*hold=*/true, /*park=*/true);
  Outcome out = rt->NewProgram("const r = await tools.t.hold({}); return r;", "", "run-tz")->Run();
  REQUIRE(out.is_suspended());
  auto inspected = codemode::InspectSnapshot(out.suspended->state);
  REQUIRE(inspected.ok());
  CHECK(inspected->find("\"timeZone\": \"Asia/Tokyo\"") != std::string::npos);
}

TEST_CASE("Date.now() and new Date() read the runtime's wall clock") {
  auto rt = MakeRuntime("UTC", /*hold=*/false, /*park=*/false, 1700000000123);
  codemode::Result r = rt->Execute("return [Date.now(), new Date().getTime(), new Date().toISOString(), Date()];");
  INFO(r.ToJson(0));
  REQUIRE(r.ok);
  CHECK(r.value_json ==
        R"j([1700000000123,1700000000123,"2023-11-14T22:13:20.123Z","Tue Nov 14 2023 22:13:20 GMT+0000 (Coordinated Universal Time)"])j");
}

TEST_CASE("local time follows RuntimeOptions::time_zone") {
  auto rt = MakeRuntime("America/New_York", /*hold=*/false, /*park=*/false, 1720000000000);
  codemode::Result r = rt->Execute(
      "const d = new Date(2024, 6, 4, 12); return [d.getTime(), d.getTimezoneOffset(), String(d), "
      "new Date().getHours()];");
  INFO(r.ToJson(0));
  REQUIRE(r.ok);
  CHECK(r.value_json ==
        R"j([1720108800000,240,"Thu Jul 04 2024 12:00:00 GMT-0400 (Eastern Daylight Time)",5])j");
}

TEST_CASE("a resumed run keeps its time zone, whatever the resuming runtime's option") {
  auto rt = MakeRuntime("Asia/Kolkata", /*hold=*/true, /*park=*/true);
  Outcome out = rt->NewProgram(
      "const before = new Date(Date.UTC(2024, 0, 1)).getHours(); const r = await tools.t.hold({});"
      "return [before, new Date(Date.UTC(2024, 0, 1)).getHours(), new Date(2024, 0, 1).getTime(), r];",
      "", "run-kolkata")->Run();
  REQUIRE(out.is_suspended());
  auto rt2 = MakeRuntime("UTC", /*hold=*/false, /*park=*/false);
  Outcome done = rt2->Resume(out.suspended->state)->Run();
  REQUIRE_FALSE(done.is_suspended());
  INFO(done.result.ToJson(0));
  REQUIRE(done.result.ok);
  CHECK(done.result.value_json == R"([5,5,1704047400000,{"ok":true}])");
}
