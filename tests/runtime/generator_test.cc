// Generators across snapshots: a suspended generator is a heap object holding its frame (registers,
// pc), so a run parked at a tool call while generators are mid-iteration (suspended inside try/
// finally and yield* chains) resumes in a new runtime with the same Result as an uninterrupted run;
// and a run saved and restored every few steps (frames of running generators on the stack) too.
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

std::unique_ptr<Runtime> Make(bool released, bool park = false, uint64_t roundtrip_steps = 0) {
  return codemode::testing::MakeJobRuntime(Language::kJavaScript, released, park, roundtrip_steps);
}

// Generators suspended in a for-of, inside try/finally, in a yield* chain and in a user-iterator
// delegation while the program waits for a tool call.
constexpr std::string_view kProgram = R"(
const log = [];
function* inner(tag) { try { yield tag + 1; yield tag + 2; } finally { log.push('inner finally ' + tag); } }
function* outer() { let n = 0; const got = yield* inner('a'); for (const x of [1, 2]) n += (yield x) || 0; yield n; }
function* fib() { let [a, b] = [0, 1]; for (;;) { yield a; [a, b] = [b, a + b]; } }
const o = outer();
const f = fib();
const out = [o.next().value, f.next().value, f.next().value];
const job = await tools.t.job({});
out.push(job.done, o.next().value, o.next().value, o.next(10).value, o.next(5).value);
const g = inner('b');
out.push(g.next().value);
await tools.t.job({});
out.push(g.return('r'), f.next().value, f.next().value, f.next().value, o.next());
return { out, log };
)";

}  // namespace

TEST_CASE("generators: suspended generators survive a park and a resume in a new runtime") {
  Result straight = Make(true)->Execute(kProgram, "gen-1");
  INFO(straight.error.kind << ": " << straight.error.message);
  REQUIRE(straight.ok);
  CHECK(straight.value_json ==
        R"({"out":["a1",0,1,true,"a2",1,2,15,"b1",{"value":"r","done":true},1,2,3,)"
        R"({"value":null,"done":true}],"log":["inner finally a","inner finally b"]})");
  Outcome parked = Make(false, /*park=*/true)->NewProgram(kProgram, "", "gen-1")->Run();
  REQUIRE(parked.is_suspended());
  // The second wait parks again: resume until the run finishes.
  Outcome done = Make(false, /*park=*/true)->Resume(parked.suspended->state)->Run();
  REQUIRE(done.is_suspended());
  done = Make(true)->Resume(done.suspended->state)->Run();
  INFO(done.result.error.kind << ": " << done.result.error.message);
  REQUIRE(done.result.ok);
  CHECK(done.result.value_json == straight.value_json);
}

TEST_CASE("generators: saved and restored every few steps, running generator frames included") {
  Result straight = Make(true)->Execute(kProgram, "gen-2");
  REQUIRE(straight.ok);
  for (uint64_t steps : {1, 3, 7}) {
    Result r = Make(true, false, steps)->Execute(kProgram, "gen-2");
    INFO("every " << steps << " steps: " << r.error.kind << ": " << r.error.message);
    REQUIRE(r.ok);
    CHECK(r.value_json == straight.value_json);
  }
}
