// Suspend → bytes → resume (issue 3 item 10): a program holds N bytes of live data (N = 1 KB, 100 KB,
// 1 MB, 10 MB, measured as the JSON text of that data) and waits on a promise that never settles; each
// iteration encodes the idle VM (snapshot::Encode), verifies the bytes (ReadInfo) and restores them into a
// fresh VM (Restore). Counters: snapshot bytes, snapshot bytes / live JSON bytes, and the encode and
// restore halves separately (BM_SnapshotEncode / BM_SnapshotRestore). Destroying the resumed VM is not
// timed (it belongs to the end of that run, and costs about as much as the restore itself).
//
//   build/bench/codemode_bench --benchmark_filter=Snapshot
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <variant>

#include "absl/strings/str_cat.h"
#include "compiler/compile.h"
#include "runtime/prelude.h"
#include "snapshot/snapshot.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode::bench {
namespace {

const vm::Realm& BenchRealm() {
  static std::unique_ptr<vm::Realm> realm = [] {
    compiler::CompileOptions options;
    options.source_name = "prelude.js";
    options.typescript = false;
    auto compiled = compiler::CompileJavaScript(PreludeSource(), options);
    if (std::holds_alternative<compiler::CompileError>(compiled)) abort();
    auto module =
        std::make_shared<const bytecode::Module>(std::move(std::get<bytecode::Module>(compiled)));
    auto r = vm::Realm::Create(module);
    if (!r.ok()) abort();
    return std::move(*r);
  }();
  return *realm;
}

// A VM idle with about `bytes` of live data: records of a few fields, as tools return them.
struct Parked {
  std::shared_ptr<const bytecode::Module> module;
  std::unique_ptr<vm::VM> vm;
  snapshot::RunInfo info;
  double live_json_bytes = 0;
  std::string error;
};

Parked Park(int64_t bytes) {
  Parked p;
  std::string source = absl::StrCat(R"(
    const data = [];
    let size = 2;
    for (let i = 0; size < )", bytes, R"(; i++) {
      const rec = { id: i, name: 'customer-' + i, email: 'c' + i + '@example.com', total: i * 1.25,
                    tags: ['a' + (i % 7), 'b' + (i % 11)], active: i % 2 === 0 };
      data.push(rec);
      size += JSON.stringify(rec).length + 1;
    }
    globalThis.liveJsonBytes = JSON.stringify(data).length;
    globalThis.pending = new Promise(() => {});  // reachable, like a host call the VM tracks
    await globalThis.pending;  // the run waits here (idle), with `data` live in its activation
  )");
  auto compiled = compiler::CompileJavaScript(source, {});
  if (auto* e = std::get_if<compiler::CompileError>(&compiled)) {
    p.error = e->message;
    return p;
  }
  p.module = std::make_shared<const bytecode::Module>(std::move(std::get<bytecode::Module>(compiled)));
  p.vm = std::make_unique<vm::VM>(&BenchRealm());
  p.vm->PushMain(p.vm->LoadModule(p.module));
  while (p.vm->Run() == vm::VM::RunStatus::kYielded) {
  }
  if (p.vm->termination() != vm::Termination::kNone) {
    p.error = p.vm->termination_message();
    return p;
  }
  vm::Value live = p.vm->GetGlobal("liveJsonBytes");
  p.live_json_bytes = live.IsNumber() ? live.AsNumber() : 0;
  p.info.run_id = "bench";
  p.info.source = source;
  p.info.module_hash = snapshot::ModuleHash(*p.module);
  p.info.timeout_ms = 1000;
  p.info.max_tool_calls = 1;
  p.info.max_output_bytes = 1000;
  p.info.max_memory_bytes = 1 << 30;
  return p;
}

// The check behind every figure: a restored VM re-encodes to the very same bytes (its heap, stack and
// frames are those of the original), and reads back the same live data.
void Check(Parked& p) {
  vm::VmLimits limits;
  limits.max_memory_bytes = 1ull << 30;
  auto bytes = snapshot::Encode(*p.vm, p.info);
  if (!bytes.ok()) return void(p.error = std::string(bytes.status().message()));
  auto vm = snapshot::Restore(*bytes, BenchRealm(), p.module, limits);
  if (!vm.ok()) return void(p.error = std::string(vm.status().message()));
  auto again = snapshot::Encode(**vm, p.info);
  if (!again.ok() || *again != *bytes) return void(p.error = "the restored VM differs");
  vm::Value live = (*vm)->GetGlobal("liveJsonBytes");
  if (!live.IsNumber() || live.AsNumber() != p.live_json_bytes)
    p.error = "the restored VM lost its data";
}

Parked& Cached(int64_t bytes) {
  static std::map<int64_t, Parked> cache;
  auto it = cache.find(bytes);
  if (it == cache.end()) {
    it = cache.emplace(bytes, Park(bytes)).first;
    if (it->second.error.empty()) Check(it->second);
  }
  return it->second;
}

void Report(benchmark::State& state, const Parked& p, size_t snapshot_bytes) {
  state.counters["snapshot_bytes"] = static_cast<double>(snapshot_bytes);
  state.counters["live_json_bytes"] = p.live_json_bytes;
  state.counters["size_ratio"] = p.live_json_bytes > 0 ? snapshot_bytes / p.live_json_bytes : 0;
}

void BM_SnapshotSuspendResume(benchmark::State& state) {
  Parked& p = Cached(state.range(0));
  if (!p.error.empty()) return state.SkipWithError(p.error.c_str());
  vm::VmLimits limits;
  limits.max_memory_bytes = 1ull << 30;
  size_t size = 0;
  for (auto _ : state) {
    auto bytes = snapshot::Encode(*p.vm, p.info);
    if (!bytes.ok()) return state.SkipWithError(std::string(bytes.status().message()).c_str());
    auto info = snapshot::ReadInfo(*bytes, BenchRealm());
    if (!info.ok()) return state.SkipWithError(std::string(info.status().message()).c_str());
    auto vm = snapshot::Restore(*bytes, BenchRealm(), p.module, limits);
    if (!vm.ok()) return state.SkipWithError(std::string(vm.status().message()).c_str());
    size = bytes->size();
    benchmark::DoNotOptimize(vm->get());
    // Tearing the resumed VM down is the end of that run, not part of resuming it.
    state.PauseTiming();
    vm->reset();
    state.ResumeTiming();
  }
  Report(state, p, size);
}

void BM_SnapshotEncode(benchmark::State& state) {
  Parked& p = Cached(state.range(0));
  if (!p.error.empty()) return state.SkipWithError(p.error.c_str());
  size_t size = 0;
  for (auto _ : state) {
    auto bytes = snapshot::Encode(*p.vm, p.info);
    if (!bytes.ok()) return state.SkipWithError(std::string(bytes.status().message()).c_str());
    size = bytes->size();
  }
  Report(state, p, size);
}

void BM_SnapshotRestore(benchmark::State& state) {
  Parked& p = Cached(state.range(0));
  if (!p.error.empty()) return state.SkipWithError(p.error.c_str());
  auto bytes = snapshot::Encode(*p.vm, p.info);
  if (!bytes.ok()) return state.SkipWithError(std::string(bytes.status().message()).c_str());
  vm::VmLimits limits;
  limits.max_memory_bytes = 1ull << 30;
  for (auto _ : state) {
    auto info = snapshot::ReadInfo(*bytes, BenchRealm());
    if (!info.ok()) return state.SkipWithError(std::string(info.status().message()).c_str());
    auto vm = snapshot::Restore(*bytes, BenchRealm(), p.module, limits);
    if (!vm.ok()) return state.SkipWithError(std::string(vm.status().message()).c_str());
    benchmark::DoNotOptimize(vm->get());
    state.PauseTiming();
    vm->reset();
    state.ResumeTiming();
  }
  Report(state, p, bytes->size());
}

#define SIZES Arg(1 << 10)->Arg(100 << 10)->Arg(1 << 20)->Arg(10 << 20)->Unit(benchmark::kMillisecond)
BENCHMARK(BM_SnapshotSuspendResume)->SIZES;
BENCHMARK(BM_SnapshotEncode)->SIZES;
BENCHMARK(BM_SnapshotRestore)->SIZES;
#undef SIZES

}  // namespace
}  // namespace codemode::bench
