// Google Benchmark micro benchmarks of the engine through the public API (runtime/runtime.h).
//
// Loop benchmarks run one program per benchmark iteration whose loop makes `N` iterations (the
// benchmark argument) and report `s/loop` (CPU time per loop iteration) and `loops/s`; the fixed
// cost of compiling and starting the program (a few µs, see BM_ExecuteReturn1) is included but
// negligible at these N. Start-up benchmarks measure Runtime::Make + Execute("return 1"). Every
// benchmark checks its program's Result (ok and the expected value) and fails with SkipWithError
// otherwise, so a broken engine cannot report a fast number.
//
//   build-bench/bench/codemode_bench [--benchmark_filter=REGEX] [--benchmark_repetitions=N]
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "bench/noop_tool.h"
#include "runtime/runtime.h"

namespace codemode::bench {
namespace {

// Builds the process-wide realm (first Runtime::Make) outside any timed region and returns a
// runtime without tools. Aborts the benchmark process if the engine cannot start at all.
Runtime& SharedRuntime() {
  static std::unique_ptr<Runtime> runtime = [] {
    auto r = Runtime::Make(RuntimeOptions{});
    if (!r.ok()) {
      fprintf(stderr, "Runtime::Make failed: %s\n", std::string(r.status().message()).c_str());
      abort();
    }
    return std::move(*r);
  }();
  return *runtime;
}

// Checks a Result against the expected value JSON. Returns false (and marks the benchmark as
// failed) when the program failed or returned something else.
bool Check(benchmark::State& state, const Result& r, const std::string& expected_json) {
  if (!r.ok) {
    state.SkipWithError(
        absl::StrCat("program failed: ", r.error.kind, ": ", r.error.message).c_str());
    return false;
  }
  if (r.value_json != expected_json) {
    state.SkipWithError(
        absl::StrCat("wrong value: ", r.value_json, " (expected ", expected_json, ")").c_str());
    return false;
  }
  return true;
}

// Runs `source` (with "N" replaced by the argument) once per benchmark iteration on `runtime`.
// Reports `s/<unit>` (seconds per loop iteration) and `<unit>s/s` (iterations per second), over CPU
// time, or real time for benchmarks marked UseRealTime.
void RunLoop(benchmark::State& state, Runtime& runtime, const std::string& source,
             const std::string& expected_json, const std::string& unit = "loop") {
  const int64_t n = state.range(0);
  const std::string program = absl::StrReplaceAll(source, {{"$N", absl::StrCat(n)}});
  for (auto _ : state) {
    Result r = runtime.Execute(program, "bench");
    if (!Check(state, r, expected_json)) break;
  }
  // Inverted rate: seconds per loop iteration, printed with an SI prefix ("86.6ns").
  state.counters[absl::StrCat("s/", unit)] =
      benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate |
                                                     benchmark::Counter::kInvert);
  state.counters[absl::StrCat(unit, "s/s")] =
      benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate);
}

// --- Interpreter loops -------------------------------------------------------------------------

// Dispatch: compare, add, multiply, modulo, increment and a back-edge per iteration.
void BM_Dispatch(benchmark::State& state) {
  const int64_t n = state.range(0);
  int64_t s = 0;
  for (int64_t i = 0; i < n; ++i) s = (s + i * 3) % 1000003;
  RunLoop(state, SharedRuntime(),
          "let s = 0;\n"
          "for (let i = 0; i < $N; i++) { s = (s + i * 3) % 1000003; }\n"
          "return s;\n",
          absl::StrCat(s));
}
BENCHMARK(BM_Dispatch)->Arg(1000000)->Unit(benchmark::kMillisecond);

// Monomorphic property access: two reads and two writes of fields of one object per iteration.
void BM_PropertyGetSet(benchmark::State& state) {
  const int64_t n = state.range(0);
  int64_t x = 0, y = 1;
  for (int64_t i = 0; i < n; ++i) {
    x = x + y;
    y = i & 7;
  }
  RunLoop(state, SharedRuntime(),
          "const o = { x: 0, y: 1 };\n"
          "for (let i = 0; i < $N; i++) { o.x = o.x + o.y; o.y = i & 7; }\n"
          "return o.x;\n",
          absl::StrCat(x));
}
BENCHMARK(BM_PropertyGetSet)->Arg(1000000)->Unit(benchmark::kMillisecond);

// Calls of a small two-argument function declared at the top level.
void BM_Call(benchmark::State& state) {
  const int64_t n = state.range(0);
  int64_t s = 0;
  for (int64_t i = 0; i < n; ++i) s = s + (i & 7);
  RunLoop(state, SharedRuntime(),
          "function add(a, b) { return a + b; }\n"
          "let s = 0;\n"
          "for (let i = 0; i < $N; i++) s = add(s, i & 7);\n"
          "return s;\n",
          absl::StrCat(s));
}
BENCHMARK(BM_Call)->Arg(1000000)->Unit(benchmark::kMillisecond);

// Creating an arrow function over the per-iteration `i` binding and calling it, every iteration.
void BM_Closure(benchmark::State& state) {
  const int64_t n = state.range(0);
  int64_t s = 0;
  for (int64_t i = 0; i < n; ++i) s = s + (i & 7);
  RunLoop(state, SharedRuntime(),
          "let s = 0;\n"
          "for (let i = 0; i < $N; i++) { const f = (x) => x + (i & 7); s = f(s); }\n"
          "return s;\n",
          absl::StrCat(s));
}
BENCHMARK(BM_Closure)->Arg(1000000)->Unit(benchmark::kMillisecond);

// Appending a 2-character string N times, then reading the last character (forces a flat string
// if the engine builds ropes).
void BM_StringConcat(benchmark::State& state) {
  const int64_t n = state.range(0);
  RunLoop(state, SharedRuntime(),
          "let s = '';\n"
          "for (let i = 0; i < $N; i++) s += 'ab';\n"
          "return s.length + s.charCodeAt(s.length - 1);\n",
          absl::StrCat(2 * n + 'b'));
}
BENCHMARK(BM_StringConcat)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

// --- Start-up ----------------------------------------------------------------------------------

// The start-up target (≤ 50 µs): a fresh Runtime (default options: no tools, default limits) and
// Execute("return 1") on it, as a host handling one request would do. The shared realm is built
// before timing starts (first Make of the process).
void BM_MakeAndExecuteReturn1(benchmark::State& state) {
  SharedRuntime();
  for (auto _ : state) {
    auto runtime = Runtime::Make(RuntimeOptions{});
    if (!runtime.ok()) {
      state.SkipWithError(std::string(runtime.status().message()).c_str());
      break;
    }
    Result r = (*runtime)->Execute("return 1");
    if (!Check(state, r, "1")) break;
  }
}
BENCHMARK(BM_MakeAndExecuteReturn1)->Unit(benchmark::kMicrosecond);

// The same with a fixed run id: the difference is the random UUID of an unnamed run.
void BM_MakeAndExecuteReturn1_RunId(benchmark::State& state) {
  SharedRuntime();
  for (auto _ : state) {
    auto runtime = Runtime::Make(RuntimeOptions{});
    if (!runtime.ok()) {
      state.SkipWithError(std::string(runtime.status().message()).c_str());
      break;
    }
    Result r = (*runtime)->Execute("return 1", "bench");
    if (!Check(state, r, "1")) break;
  }
}
BENCHMARK(BM_MakeAndExecuteReturn1_RunId)->Unit(benchmark::kMicrosecond);

// Execute("return 1") on one runtime made beforehand: the per-run cost without Make.
void BM_ExecuteReturn1(benchmark::State& state) {
  Runtime& runtime = SharedRuntime();
  for (auto _ : state) {
    Result r = runtime.Execute("return 1");
    if (!Check(state, r, "1")) break;
  }
}
BENCHMARK(BM_ExecuteReturn1)->Unit(benchmark::kMicrosecond);

// Runtime::Make alone (after the realm exists): validating limits and copying the options.
void BM_Make(benchmark::State& state) {
  SharedRuntime();
  for (auto _ : state) {
    auto runtime = Runtime::Make(RuntimeOptions{});
    if (!runtime.ok()) {
      state.SkipWithError(std::string(runtime.status().message()).c_str());
      break;
    }
    benchmark::DoNotOptimize(runtime);
  }
}
BENCHMARK(BM_Make)->Unit(benchmark::kMicrosecond);

// --- Tool calls --------------------------------------------------------------------------------

// N sequential awaited calls of the in-process noop.ping; arg 1 selects the completion mode
// (0: synchronous `done(input)` inside execute, 1: Tool::FromFunction, a thread per call).
// `s/call` is per call, including the program's own loop and the await.
void BM_ToolCallSequential(benchmark::State& state) {
  const int64_t n = state.range(0);
  const NoopMode mode = state.range(1) == 0 ? NoopMode::kSync : NoopMode::kThread;
  auto tree = NoopTree(mode);
  if (!tree.ok()) {
    state.SkipWithError(std::string(tree.status().message()).c_str());
    return;
  }
  RuntimeOptions options;
  options.tools = *tree;
  options.limits.max_tool_calls = n;
  auto runtime = Runtime::Make(std::move(options));
  if (!runtime.ok()) {
    state.SkipWithError(std::string(runtime.status().message()).c_str());
    return;
  }
  state.SetLabel(mode == NoopMode::kSync ? "sync done()" : "FromFunction (thread per call)");
  RunLoop(state, **runtime,
          "let s = 0;\n"
          "for (let i = 0; i < $N; i++) s += (await tools.noop.ping({ i })).i;\n"
          "return s;\n",
          absl::StrCat(n * (n - 1) / 2), "call");
}
// Real time: with FromFunction the work is on other threads, which CPU time of this one misses.
BENCHMARK(BM_ToolCallSequential)
    ->Args({200, 0})
    ->Args({200, 1})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

// The Promise.all fan-out of bench/programs/promise-fanout.js without its await chain: N calls
// started at once, then summed.
void BM_ToolCallFanout(benchmark::State& state) {
  const int64_t n = state.range(0);
  const NoopMode mode = state.range(1) == 0 ? NoopMode::kSync : NoopMode::kThread;
  auto tree = NoopTree(mode);
  if (!tree.ok()) {
    state.SkipWithError(std::string(tree.status().message()).c_str());
    return;
  }
  RuntimeOptions options;
  options.tools = *tree;
  options.limits.max_tool_calls = n;
  auto runtime = Runtime::Make(std::move(options));
  if (!runtime.ok()) {
    state.SkipWithError(std::string(runtime.status().message()).c_str());
    return;
  }
  state.SetLabel(mode == NoopMode::kSync ? "sync done()" : "FromFunction (thread per call)");
  RunLoop(state, **runtime,
          "const rs = await Promise.all(Array.from({ length: $N }, (_, i) => tools.noop.ping({ i "
          "})));\n"
          "let s = 0;\n"
          "for (const r of rs) s += r.i;\n"
          "return s;\n",
          absl::StrCat(n * (n - 1) / 2), "call");
}
BENCHMARK(BM_ToolCallFanout)
    ->Args({200, 0})
    ->Args({200, 1})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace codemode::bench

BENCHMARK_MAIN();
