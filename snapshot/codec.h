// Internal to snapshot/: the codec behind snapshot.h (friend of the VM's classes) and the realm table.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "snapshot/snapshot.h"
#include "vm/heap.h"
#include "vm/lua/coroutine.h"
#include "vm/object.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode::snapshot {

namespace fb {
struct Snapshot;
}  // namespace fb

// Value tags in a snapshot (`Val.tag`): immediates, then references to run cells by section index; the
// realm flag turns a reference into a realm id.
enum SnapTag : uint8_t {
  kTagUndefined = 0,
  kTagNull = 1,
  kTagBool = 2,
  kTagNumber = 3,
  kTagInt = 4,
  kTagEmpty = 5,
  kTagString = 6,
  kTagSymbol = 7,
  kTagObject = 8,
  kTagBigInt = 9,  // run BigInts: index in Heap.bigints (immutable values, no identity)
  kTagCell = 10,
  kTagAccessor = 11,
  kTagProto = 12,  // run protos: index in the program module
  kTagShape = 13,
  kTagRealm = 0x80,
};

// The C++ class of an object cell (fb::ObjectType).
enum class ObjType : uint8_t {
  kPlain,
  kArray,
  kClosure,
  kNative,
  kBound,
  kPromise,
  kMap,
  kIterator,
  kActivation,
  kLuaTable,
  kLuaThread,  // vm::LuaCoroutine
  kArrayBuffer,  // vm::ArrayBufferObject: its bytes
  kTypedArray,   // vm::TypedArrayObject (typed arrays and DataViews; the buffer is internal_)
  kCount
};

// Stable ids of the shared realm's cells: position in allocation order (oldest first). Built once per
// realm (Realm::snapshot_table_).
struct RealmTable {
  std::vector<vm::HeapCell*> cells;
  absl::flat_hash_map<const vm::HeapCell*, uint32_t> ids;
  std::vector<ObjType> object_types;   // per cell (kPlain for non-objects)
  std::vector<vm::NativeFn> natives;  // distinct native functions of the realm, first occurrence first
  uint64_t fingerprint = 0;
};

// Every native function with a stable id for one encode/restore: realm natives, the VM's run-time
// natives, then RegisterNative's, without duplicates.
struct NativeIds {
  std::vector<vm::NativeFn> fns;
  std::vector<std::string> names;  // "" for realm natives
  absl::flat_hash_map<uintptr_t, uint32_t> ids;
};

class Codec {
 public:
  static const RealmTable& Table(const vm::Realm& realm);
  static NativeIds Natives(const vm::Realm& realm);
  static ObjType TypeOf(const vm::Object* o);

  static absl::StatusOr<std::string> Encode(vm::VM& vm, const RunInfo& info,
                                            const EncodeOptions& options);
  // The file: `flatbuffer` (size-prefixed) followed by the trailer (format version, checksum).
  static std::string Seal(std::string_view flatbuffer);
  // Verifies `bytes` (see snapshot.h ReadInfo) and returns the root; `aligned` keeps a copy when the
  // input is not suitably aligned.
  // `check_build_id` false is for the golden-file test only (the format of an older build's file).
  static absl::StatusOr<const fb::Snapshot*> Open(std::string_view bytes, const vm::Realm& realm,
                                                   std::string* aligned, bool check_build_id = true);
  static RunInfo InfoOf(const fb::Snapshot* s);
  static absl::StatusOr<std::unique_ptr<vm::VM>> Restore(
      const fb::Snapshot* s, const vm::Realm& realm,
      std::shared_ptr<const bytecode::Module> module, vm::VmLimits limits);
  static std::string Inspect(const fb::Snapshot* s, const vm::Realm& realm);

 private:
  static std::shared_ptr<const RealmTable> BuildTable(const vm::Realm& realm);
  // Nested so that they share the codec's access to the VM's internals.
  class Encoder;
  class Restorer;
};

}  // namespace codemode::snapshot
