// Shared helpers of the snapshot tests: a realm with the real prelude, compiling programs, running a
// program to its end (optionally saved and restored at yields), exporting its result.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "snapshot/snapshot.h"
#include "vm/bytecode.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode::snapshot::testing {

// The process's realm, built from vm/prelude/*.js as runtime/ embeds it.
const vm::Realm& TestRealm();

// Compiles a program (fails the test on a compile error).
std::shared_ptr<const bytecode::Module> CompileProgram(std::string_view source);

// The main promise's outcome as text: the value's JSON, "rejected: <error>", or what went wrong.
std::string ExportResult(vm::VM& vm);

// A RunInfo for `source` with fixed values (byte-identical snapshots across runs).
RunInfo InfoFor(std::string_view source, const bytecode::Module& module);

struct RunOutcome {
  std::string result;
  uint64_t steps = 0;
  int roundtrips = 0;
  std::vector<std::string> snapshots;  // when keep_snapshots
};

// Runs `source` to its end in one VM.
RunOutcome RunPlain(std::string_view source);

// Runs `source` and, at the first yield `first` steps after the start and then every `stride` steps, saves
// the VM, checks that ReadInfo gives the RunInfo back and that re-encoding the restored VM gives the
// same bytes, then continues in the restored VM. stride 0: only one yield.
RunOutcome RunWithRoundTrips(std::string_view source, uint64_t first, uint64_t stride,
                             bool keep_snapshots = false);

// Reseals a snapshot whose FlatBuffer part (or trailer version) was edited: recomputes the checksum.
std::string Reseal(std::string bytes, uint32_t version);

}  // namespace codemode::snapshot::testing
