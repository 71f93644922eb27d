// libFuzzer target: snapshot bytes are hostile (DESIGN §3 invariant 7). Each input is used twice:
//  1. as raw bytes given to snapshot::ReadInfo and Restore (framing, identifier, checksum);
//  2. as a list of edits (4-byte offset, 1-byte value) applied to a valid snapshot of a fixed program,
//     resealed with a correct checksum (the checksum is not a MAC) — this reaches the FlatBuffers verifier
//     and the semantic checks.
// A snapshot that restores is then run for a few hundred steps — for edited snapshots only with
// CODEMODE_FUZZ_SNAPSHOT_RUN=1: Restore cannot yet prove the register kinds the bytecode assumes (a
// non-cell where GETCELL reads a cell, a non-object where an object-literal opcode writes), so a
// forged snapshot can still crash the interpreter (snapshot/README.md, "Trust"); that mode finds them.
// Any other crash, sanitizer report or hang is a bug.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include <xxhash.h>

#include "compiler/compile.h"
#include "runtime/prelude.h"
#include "snapshot/snapshot.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace {

constexpr const char* kProgram = R"(
  const m = new Map([['a', 1]]);
  let acc = 0;
  async function f(x) { await null; return x + 1; }
  for (let i = 0; i < 30; i++) { acc += await f(i); m.set('k' + (i % 3), [acc, { i }]); }
  const o = { list: [1, , 'two', 2.5], get g() { return acc; }, [Symbol('s')]: 1 };
  for (const k in o) acc += k.length;
  return { acc, size: m.size, g: o.g };
)";

struct Fixture {
  std::unique_ptr<codemode::vm::Realm> realm;
  std::shared_ptr<const codemode::bytecode::Module> module;
  std::string snapshot;
};

std::shared_ptr<const codemode::bytecode::Module> Compile(std::string_view source, bool ts) {
  codemode::compiler::CompileOptions options;
  options.typescript = ts;
  auto compiled = codemode::compiler::CompileJavaScript(source, options);
  if (std::holds_alternative<codemode::compiler::CompileError>(compiled)) {
    std::fprintf(stderr, "fuzz_snapshot_reader: compile failed\n");
    std::abort();
  }
  return std::make_shared<const codemode::bytecode::Module>(
      std::move(std::get<codemode::bytecode::Module>(compiled)));
}

const Fixture& TheFixture() {
  static Fixture f = [] {
    Fixture x;
    auto realm = codemode::vm::Realm::Create(Compile(codemode::PreludeSource(), false));
    if (!realm.ok()) std::abort();
    x.realm = std::move(*realm);
    x.module = Compile(kProgram, true);
    codemode::vm::VM vm(x.realm.get());
    vm.PushMain(vm.LoadModule(x.module));
    vm.YieldAtStep(vm.steps() + 60);  // mid-run: frames, an activation, jobs, a map
    if (vm.Run() != codemode::vm::VM::RunStatus::kYielded) {
      std::fprintf(stderr, "fuzz_snapshot_reader: the fixture program did not yield\n");
      std::abort();
    }
    codemode::snapshot::RunInfo info;
    info.run_id = "fuzz";
    info.source = kProgram;
    info.module_hash = codemode::snapshot::ModuleHash(*x.module);
    auto bytes = codemode::snapshot::Encode(vm, info);
    if (!bytes.ok()) std::abort();
    x.snapshot = std::move(*bytes);
    return x;
  }();
  return f;
}

void Try(std::string_view bytes, const Fixture& f, bool run) {
  (void)codemode::snapshot::ReadInfo(bytes, *f.realm);
  auto vm = codemode::snapshot::Restore(bytes, *f.realm, f.module, {});
  if (!vm.ok() || !run) return;
  (*vm)->YieldAtStep((*vm)->steps() + 300);
  (*vm)->Run();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Fixture& f = TheFixture();
  std::string_view raw(reinterpret_cast<const char*>(data), size);
  Try(raw, f, true);
  // Edits to the valid snapshot, then a correct trailer.
  std::string edited = f.snapshot;
  size_t body = edited.size() - 12;
  for (size_t i = 0; i + 5 <= size; i += 5) {
    uint32_t off = static_cast<uint32_t>(data[i]) | static_cast<uint32_t>(data[i + 1]) << 8 |
                   static_cast<uint32_t>(data[i + 2]) << 16 | static_cast<uint32_t>(data[i + 3]) << 24;
    edited[off % body] = static_cast<char>(data[i + 4]);
  }
  uint64_t sum = XXH3_64bits(edited.data(), body + 4);
  for (int i = 0; i < 8; ++i) edited[body + 4 + i] = static_cast<char>(sum >> (8 * i));
  static const bool run_edited = std::getenv("CODEMODE_FUZZ_SNAPSHOT_RUN") != nullptr;
  Try(edited, f, run_edited);
  return 0;
}
