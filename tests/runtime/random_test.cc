// The per-run random generator (VM::random): JS Math.random and Lua math.random draw from it. A run
// is seeded from its run id (the same id gives the same sequence, different ids differ) and the
// generator's state travels in snapshots, so a run parked in one runtime and resumed in another
// continues the exact sequence an uninterrupted run with that id produces.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <string_view>

#include "runtime/runtime.h"
#include "tests/runtime/job_runtime.h"

namespace {

using codemode::Language;
using codemode::Outcome;
using codemode::Result;
using codemode::Runtime;

std::unique_ptr<Runtime> Make(Language language, bool released, bool park = false) {
  return codemode::testing::MakeJobRuntime(language, released, park);
}

std::string Run(Language language, std::string_view source, std::string run_id) {
  Result r = Make(language, true)->Execute(source, std::move(run_id));
  INFO(source << " -> " << r.error.kind << ": " << r.error.message);
  REQUIRE(r.ok);
  return r.value_json;
}

constexpr std::string_view kJs =
    "const a = []; for (let i = 0; i < 8; i++) a.push(Math.random()); return a;";
constexpr std::string_view kLua =
    "local a = {} for i = 1, 4 do a[#a + 1] = math.random() a[#a + 1] = math.random(1, 1000000) "
    "end a[#a + 1] = math.random(0) return a";

}  // namespace

TEST_CASE("random: the same run id gives the same sequence, other ids differ (JS and Lua)") {
  for (auto [language, source] :
       {std::pair{Language::kJavaScript, kJs}, std::pair{Language::kLua, kLua}}) {
    std::string a = Run(language, source, "run-a");
    CHECK(Run(language, source, "run-a") == a);
    CHECK(Run(language, source, "run-b") != a);
    CHECK(Run(language, source, "run-a ") != a);
    // An empty run id means a fresh UUID: two such runs differ.
    CHECK(Run(language, source, "") != Run(language, source, ""));
  }
}

TEST_CASE("random: crypto.randomUUID draws from the run's generator (same id, same UUIDs)") {
  constexpr std::string_view kUuids =
      "const a = [crypto.randomUUID(), crypto.randomUUID()]; await null; "
      "a.push(crypto.randomUUID()); "
      "return a;";
  std::string a = Run(Language::kJavaScript, kUuids, "uuid-a");
  CHECK(a.size() == 2 + 3 * 38 + 2);  // ["…","…","…"]: three quoted 36-character UUIDs
  CHECK(Run(Language::kJavaScript, kUuids, "uuid-a") == a);
  CHECK(Run(Language::kJavaScript, kUuids, "uuid-b") != a);
}

TEST_CASE("random: JS Math.random values are in [0, 1) and not constant") {
  std::string v =
      Run(Language::kJavaScript,
          "let lo = 1, hi = 0, s = new Set(); for (let i = 0; i < 10000; i++) {"
          " const x = Math.random(); lo = Math.min(lo, x); hi = Math.max(hi, x); s.add(x); }"
          " return [lo >= 0, hi < 1, lo < 0.01, hi > 0.99, s.size];",
          "range");
  CHECK(v == "[true,true,true,true,10000]");
}

TEST_CASE("random: Lua ranges, math.random(0), reseeding") {
  CHECK(Run(Language::kLua,
            "local ok = true for i = 1, 5000 do local x = math.random(3, 5) "
            "ok = ok and math.type(x) == 'integer' and x >= 3 and x <= 5 "
            "local f = math.random() ok = ok and math.type(f) == 'float' and f >= 0 and f < 1 "
            "local m = math.random(7) ok = ok and m >= 1 and m <= 7 end "
            "local b = math.random(math.mininteger, math.maxinteger) "
            "return {ok, math.type(math.random(0)), math.type(b), math.random(5, 5)}",
            "ranges") == R"([true,"integer","integer",5])");
  // math.randomseed(x, y) restarts the generator exactly as lua5.4's does (values printed by lua5.4
  // 5.4.4 for this program), whatever the run id.
  for (const char* id : {"seeded", "other-id"})
    CHECK(Run(Language::kLua,
              "local a, b = math.randomseed(42) local r = {a, b, math.random(1, 100)} "
              "r[4] = math.random(0) math.randomseed(7, 9) r[5] = math.random(1000) "
              "r[6] = string.format('%.15g', math.random()) return r",
              id) == R"([42,0,50,-8358531260401861301,665,"0.683549339701364"])");
  // Without arguments: a new seed drawn from the run's generator, reproducible from the run id.
  std::string s =
      Run(Language::kLua, "local a, b = math.randomseed() return {a, b, math.random(0)}", "rs");
  CHECK(s ==
        Run(Language::kLua, "local a, b = math.randomseed() return {a, b, math.random(0)}", "rs"));
  CHECK(s !=
        Run(Language::kLua, "local a, b = math.randomseed() return {a, b, math.random(0)}", "rs2"));
}

TEST_CASE("random: the sequence continues exactly across a park and a resume in a new runtime") {
  const std::string_view js =
      "const a = [Math.random(), Math.random()]; await tools.t.job({});"
      " a.push(Math.random(), Math.random()); return a;";
  const std::string_view lua =
      "local a = {math.random(), math.random(1, 1000000)} tools.t.job({}) "
      "a[3] = math.random() a[4] = math.random(1, 1000000) return a";
  for (auto [language, source] :
       {std::pair{Language::kJavaScript, js}, std::pair{Language::kLua, lua}}) {
    std::string straight = Run(language, source, "park-1");
    Outcome parked = Make(language, false, /*park=*/true)->NewProgram(source, "", "park-1")->Run();
    REQUIRE(parked.is_suspended());
    Outcome done = Make(language, true)->Resume(parked.suspended->state)->Run();
    INFO(done.result.error.kind << ": " << done.result.error.message);
    REQUIRE(done.result.ok);
    CHECK(done.result.value_json == straight);
    CHECK(Run(language, source, "park-2") != straight);
  }
}

TEST_CASE(
    "random: crypto.getRandomValues draws from the run's generator and continues after a resume") {
  // The same run id gives the same bytes (also interleaved with Math.random and randomUUID); a run
  // parked on a tool call and resumed in a new runtime continues the uninterrupted sequence.
  const std::string_view js =
      "const a = Array.from(crypto.getRandomValues(new Uint8Array(8)));"
      " a.push(Math.random() < 1, crypto.randomUUID().length);"
      " await tools.t.job({});"
      " a.push(...crypto.getRandomValues(new Int32Array(3)), ...crypto.getRandomValues(new "
      "Uint16Array(2)));"
      " return a;";
  std::string straight = Run(Language::kJavaScript, js, "grv-1");
  CHECK(straight.size() > 40);
  CHECK(Run(Language::kJavaScript, js, "grv-1") == straight);
  CHECK(Run(Language::kJavaScript, js, "grv-2") != straight);
  Outcome parked =
      Make(Language::kJavaScript, false, /*park=*/true)->NewProgram(js, "", "grv-1")->Run();
  REQUIRE(parked.is_suspended());
  Outcome done = Make(Language::kJavaScript, true)->Resume(parked.suspended->state)->Run();
  INFO(done.result.error.kind << ": " << done.result.error.message);
  REQUIRE(done.result.ok);
  CHECK(done.result.value_json == straight);
}
