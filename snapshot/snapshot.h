// Snapshots (DESIGN §5, issue 3): the whole state of a run at a step boundary as bytes, and back.
//
// Format: a FlatBuffers buffer (schema snapshot/snapshot.fbs, file identifier "CMSN") followed by an
// 8-byte little-endian trailer holding xxHash3-64 of every byte before it. Heap cells of the run are
// named by ids from a deterministic traversal of the roots (never by address); cells of the shared realm
// by their position in the realm's allocation order (a "realm reference"). Only cells reachable from the
// VM's roots are written. See snapshot/README.md for the layout and the versioning rules.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "vm/bytecode.h"
#include "vm/object.h"
#include "vm/vm.h"

namespace codemode::vm {
class Realm;
}  // namespace codemode::vm

namespace codemode::snapshot {

// The snapshot format this engine writes and reads. Bumped by any incompatible change; older or newer
// snapshots then fail cleanly with "snapshot: format version N, this engine reads M".
// Version 2 (2026-11-30): objects and string lengths as compact byte streams (snapshot.fbs, "Heap").
// Version 3 (2026-11-30): object types ArrayBuffer (its bytes) and TypedArray (typed arrays, DataView).
inline constexpr uint32_t kFormatVersion = 3;

// One row of the call table (runtime/ fills it; issue 3 item 2).
struct CallEntry {
  enum class State : uint8_t {
    kQueued,
    kRunning,
    kIdempotentRunning,
    kDurableStarted,
    kSettledInInbox
  };
  uint64_t call_id = 0;
  std::string key;                // "<runId>:<callId>"
  std::vector<std::string> path;  // {"jobs","run"}; {"search"} for search calls
  State state = State::kQueued;
  std::string input_json;
  std::string durable_data_json;  // kDurableStarted
  bool settled_ok = false;        // kSettledInInbox: the outcome waiting in the inbox
  std::string settled_text;       //   output JSON or failure message
  std::string error_kind;         //   e.g. "ToolFailure"

  bool operator==(const CallEntry&) const = default;
};

// The host part of a snapshot: opaque to the VM, written and read back verbatim.
struct RunInfo {
  std::string run_id;
  std::string language = "js";
  std::string source;  // program text (recompiled on resume)
  uint64_t module_hash = 0;
  int64_t created_at_ms = 0;  // from the runtime's clock (tests inject a fixed one)
  uint64_t extension_set_hash = 0;
  // counters
  int64_t active_ms = 0;
  int64_t admitted_calls = 0;
  int64_t output_bytes = 0;
  uint64_t next_call_id = 0;
  // limits (runtime Limits; copied so a resumed run keeps them)
  int64_t timeout_ms = 0, max_tool_calls = 0, max_output_bytes = 0, max_steps = 0,
          max_memory_bytes = 0;
  std::vector<CallEntry> calls;
  std::vector<std::string> tool_calls;  // dotted paths of admitted calls, in order (Result.toolCalls)
  std::vector<std::string> logs;        // console lines so far
  std::vector<std::string> suggestions;
  std::string time_zone = "UTC";  // the run's IANA time zone (Date local time, Lua os.date)
  // Messages of calls a before hook denied so far (a Lua run reports an uncaught one as ApprovalDenied).
  std::vector<std::string> denials;

  bool operator==(const RunInfo&) const = default;
};

struct EncodeOptions {
  size_t max_bytes = SIZE_MAX;  // over → ResourceExhausted, before anything changes
};

// Writes the state of `vm` and `info` (DESIGN §5). `vm` must be stopped at a yield or idle: Run() not
// active, no C++ boundary call, no pending exception or tail call, not terminated. Does not change
// anything observable in the VM (ropes may be flattened). Deterministic: the same state gives the same
// bytes. Errors: FailedPrecondition (VM not at a boundary; a native function whose C++ function has no
// stable id, named; a BigInt; more than one loaded module), ResourceExhausted (larger than
// options.max_bytes; the message gives the size).
absl::StatusOr<std::string> Encode(vm::VM& vm, const RunInfo& info, const EncodeOptions& options = {});

// First phase of resume: verifies the bytes (size and file identifier, checksum, FlatBuffers Verifier
// with explicit depth/table limits, format version, engine build id against this build's for `realm`)
// and returns the RunInfo (the caller recompiles the source and checks module_hash).
// Errors (messages start with "snapshot: "): DataLoss "snapshot: truncated", "snapshot: corrupted
// (checksum mismatch)", "snapshot: corrupted (…)"; InvalidArgument "snapshot: not a codemode snapshot";
// FailedPrecondition "snapshot: format version N, this engine reads M", "snapshot: written by a
// different engine build (…)". Never crashes on any input.
absl::StatusOr<RunInfo> ReadInfo(std::string_view bytes, const vm::Realm& realm);

// How many leading bytes of a snapshot file CheckFileHead looks at.
inline constexpr size_t kFileHeadBytes = 12;
// A cheap check of a file before it is read whole: `head` is its first min(kFileHeadBytes,
// file_size) bytes. Errors as Open's first checks: InvalidArgument "snapshot: not a codemode
// snapshot" (file identifier), DataLoss "snapshot: truncated (N bytes)" or "snapshot: corrupted
// (N bytes after the end)" when `file_size` differs from the size the head declares.
absl::Status CheckFileHead(std::string_view head, uint64_t file_size);

// Second phase: verifies the bytes as ReadInfo does, builds a fresh VM over `realm` with `limits`,
// loads `module` (the recompiled program; the caller checked module_hash) and restores the heap and the
// VM state into it. Semantic checks: every id in range, tags valid, realm references valid and of the
// expected kind, module proto indices valid, pcs inside their code, registers inside the stack, cell
// kinds as expected for each reference. The restored VM has no host and no on_check set.
// Errors as ReadInfo; a semantically invalid snapshot is DataLoss "snapshot: corrupted (…)"; a heap
// larger than limits.max_memory_bytes is ResourceExhausted.
absl::StatusOr<std::unique_ptr<vm::VM>> Restore(std::string_view bytes, const vm::Realm& realm,
                                                std::shared_ptr<const bytecode::Module> module,
                                                vm::VmLimits limits);

// `codemode snapshot inspect`: the snapshot as JSON text (header, info, counters, call table, frames,
// jobs, heap summary by kind and a listing of objects). Errors as ReadInfo.
absl::StatusOr<std::string> InspectJson(std::string_view bytes, const vm::Realm& realm);

// This engine's build id for `realm`: xxHash3-64 of the ISA opcode names, the realm fingerprint (every
// realm cell's kind and content, in allocation order), the engine version and the names of the natives
// registered with RegisterNative, in order.
uint64_t EngineBuildId(const vm::Realm& realm);

// xxHash3-64 of a canonical serialization of everything in `module` that affects execution (protos,
// code, constants, upvalues, handlers, line tables, main; not source_name).
uint64_t ModuleHash(const bytecode::Module& module);

// Gives a native C++ function that runs create at run time (and that never appears in the realm) a
// stable id, e.g. the runtime's tool-call native. Call once per function at startup, before any
// snapshot is written or read, in a deterministic order; `name` is part of the engine build id.
// Registering the same function twice is a no-op. Thread-safe.
void RegisterNative(vm::NativeFn fn, std::string_view name);

// The implementation (friend of the VM's classes). Use the free functions above.
class Codec;

}  // namespace codemode::snapshot
