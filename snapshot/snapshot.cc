// Snapshot API (snapshot.h): the native registry, realm ids, build id and module hash, verification of
// the bytes, and the host part (RunInfo). Encoding is in encode.cc, restoring in restore.cc.
#include "snapshot/snapshot.h"

#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <type_traits>
#include <typeinfo>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "flatbuffers/flatbuffers.h"
#include "snapshot/codec.h"
#include "snapshot/snapshot_generated.h"
#include "vm/isa.h"

namespace codemode::snapshot {

namespace {

// ---- registered natives ------------------------------------------------------------------------------

struct Registry {
  std::mutex mu;
  std::vector<std::pair<vm::NativeFn, std::string>> natives;
};

Registry& TheRegistry() {
  static Registry* r = new Registry();  // never destroyed: natives may be looked up during shutdown
  return *r;
}

std::vector<std::pair<vm::NativeFn, std::string>> Registered() {
  Registry& r = TheRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  return r.natives;
}

// Streaming xxHash3-64 with helpers for canonical (little-endian, length-prefixed) fields.
class Hasher {
 public:
  Hasher() : state_(XXH3_createState()) { XXH3_64bits_reset(state_); }
  ~Hasher() { XXH3_freeState(state_); }
  Hasher(const Hasher&) = delete;
  Hasher& operator=(const Hasher&) = delete;

  void Bytes(const void* p, size_t n) { XXH3_64bits_update(state_, p, n); }
  void U8(uint8_t v) { Bytes(&v, 1); }
  void U32(uint32_t v) {
    uint8_t b[4];
    for (int i = 0; i < 4; ++i) b[i] = static_cast<uint8_t>(v >> (8 * i));
    Bytes(b, 4);
  }
  void U64(uint64_t v) {
    uint8_t b[8];
    for (int i = 0; i < 8; ++i) b[i] = static_cast<uint8_t>(v >> (8 * i));
    Bytes(b, 8);
  }
  void F64(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, 8);
    U64(bits);
  }
  void Str(std::string_view s) {
    U64(s.size());
    Bytes(s.data(), s.size());
  }
  void U16Str(std::u16string_view s) {
    U64(s.size());
    for (char16_t c : s) {
      U8(static_cast<uint8_t>(c));
      U8(static_cast<uint8_t>(c >> 8));
    }
  }
  uint64_t Digest() { return XXH3_64bits_digest(state_); }

 private:
  XXH3_state_t* state_;
};

}  // namespace

std::shared_ptr<const RealmTable> Codec::BuildTable(const vm::Realm& realm) {
  auto t = std::make_shared<RealmTable>();
  realm.heap().ForEachCell([&](vm::HeapCell* c) { t->cells.push_back(c); });
  std::reverse(t->cells.begin(), t->cells.end());  // allocation order, oldest first
  t->ids.reserve(t->cells.size());
  t->object_types.resize(t->cells.size(), ObjType::kPlain);
  Hasher h;
  absl::flat_hash_map<uintptr_t, bool> seen_natives;
  for (uint32_t id = 0; id < t->cells.size(); ++id) {
    vm::HeapCell* c = t->cells[id];
    t->ids.emplace(c, id);
    h.U8(static_cast<uint8_t>(c->cell_kind()));
    switch (c->cell_kind()) {
      case vm::CellKind::kString: {
        auto* s = static_cast<vm::String*>(c);
        // Realm strings are flat; never flatten here (other threads read the realm concurrently).
        h.U32(s->length());
        if (!s->is_rope()) {
          h.U8(s->is_one_byte() ? 1 : 2);
          if (s->is_one_byte()) {
            h.Str(s->flat_one());
          } else {
            h.U16Str(s->flat_two());
          }
        }
        h.U8(s->is_atom() ? 1 : 0);
        break;
      }
      case vm::CellKind::kObject: {
        auto* o = static_cast<vm::Object*>(c);
        ObjType type = Codec::TypeOf(o);
        t->object_types[id] = type;
        h.U8(static_cast<uint8_t>(type));
        h.U8(static_cast<uint8_t>(o->klass()));
        h.U32(static_cast<uint32_t>(o->slots_.size()));
        h.U32(static_cast<uint32_t>(o->elements_.size()));
        if (type == ObjType::kNative) {
          auto* n = static_cast<vm::NativeFunction*>(o);
          h.U32(static_cast<uint32_t>(n->magic));
          auto key = reinterpret_cast<uintptr_t>(n->fn);
          if (seen_natives.emplace(key, true).second) t->natives.push_back(n->fn);
        }
        break;
      }
      case vm::CellKind::kShape: {
        auto* s = static_cast<vm::Shape*>(c);
        h.U32(static_cast<uint32_t>(s->entries_.size()));
        for (const auto& e : s->entries_) h.U8(e.attrs);
        h.U8(s->dictionary_ ? 1 : 0);
        break;
      }
      case vm::CellKind::kProto: {
        auto* p = static_cast<vm::Proto*>(c);
        if (p->bc != nullptr) {
          h.U32(static_cast<uint32_t>(p->bc->code.size()));
          h.Bytes(p->bc->code.data(), p->bc->code.size() * sizeof(isa::Instr));
        }
        h.U32(static_cast<uint32_t>(p->constants.size()));
        break;
      }
      default:
        break;
    }
  }
  t->fingerprint = h.Digest();
  return t;
}

const RealmTable& Codec::Table(const vm::Realm& realm) {
  std::call_once(realm.snapshot_once_, [&] { realm.snapshot_table_ = BuildTable(realm); });
  return *realm.snapshot_table_;
}

ObjType Codec::TypeOf(const vm::Object* o) {
  using vm::ObjectClass;
  // The two commonest classes by exact type (cheap); the others with dynamic_cast where the object
  // class alone does not decide it.
  const std::type_info& exact = typeid(*o);
  if (exact == typeid(vm::Object)) return ObjType::kPlain;
  if (exact == typeid(vm::ArrayObject)) return ObjType::kArray;
  switch (o->klass()) {
    case ObjectClass::kArray:
      if (dynamic_cast<const vm::ArrayObject*>(o)) return ObjType::kArray;
      break;
    case ObjectClass::kFunction:
      switch (static_cast<const vm::FunctionObject*>(o)->type) {
        case vm::FunctionType::kClosure:
          return ObjType::kClosure;
        case vm::FunctionType::kNative:
          return ObjType::kNative;
        case vm::FunctionType::kBound:
          return ObjType::kBound;
      }
      break;
    case ObjectClass::kLuaTable:
      return ObjType::kLuaTable;
    case ObjectClass::kArrayBuffer:
      if (dynamic_cast<const vm::ArrayBufferObject*>(o)) return ObjType::kArrayBuffer;
      break;
    case ObjectClass::kTypedArray:
    case ObjectClass::kDataView:
      if (dynamic_cast<const vm::TypedArrayObject*>(o)) return ObjType::kTypedArray;
      break;
    case ObjectClass::kLuaThread:
      if (dynamic_cast<const vm::LuaCoroutine*>(o)) return ObjType::kLuaThread;
      break;
    default:
      break;
  }
  if (dynamic_cast<const vm::PromiseObject*>(o)) return ObjType::kPromise;
  if (dynamic_cast<const vm::MapObject*>(o)) return ObjType::kMap;
  if (dynamic_cast<const vm::IteratorObject*>(o)) return ObjType::kIterator;
  if (dynamic_cast<const vm::ActivationObject*>(o)) return ObjType::kActivation;
  if (dynamic_cast<const vm::ArrayObject*>(o)) return ObjType::kArray;
  return ObjType::kPlain;
}

NativeIds Codec::Natives(const vm::Realm& realm) {
  NativeIds n;
  auto add = [&](vm::NativeFn fn, std::string name) {
    if (n.ids.emplace(reinterpret_cast<uintptr_t>(fn), static_cast<uint32_t>(n.fns.size())).second) {
      n.fns.push_back(fn);
      n.names.push_back(std::move(name));
    }
  };
  for (vm::NativeFn fn : Table(realm).natives) add(fn, "");
  add(vm::ResolvingFunctionNative(), "PromiseResolvingFunction");
  for (auto& [fn, name] : Registered()) add(fn, name);
  return n;
}

void RegisterNative(vm::NativeFn fn, std::string_view name) {
  Registry& r = TheRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  for (const auto& [f, n] : r.natives)
    if (f == fn) return;
  r.natives.emplace_back(fn, std::string(name));
}

uint64_t EngineBuildId(const vm::Realm& realm) {
  Hasher h;
  h.Str("codemode engine");
  h.Str(CODEMODE_ENGINE_VERSION);
  for (const char* name : isa::kNames) h.Str(name);
  h.U64(Codec::Table(realm).fingerprint);
  h.Str("PromiseResolvingFunction");
  for (const auto& [fn, name] : Registered()) h.Str(name);
  return h.Digest();
}

uint64_t ModuleHash(const bytecode::Module& module) {
  Hasher h;
  h.U8(static_cast<uint8_t>(module.language));
  h.U32(module.main);
  h.U64(module.protos.size());
  for (const auto& p : module.protos) {
    h.Str(p.name);
    h.U8(static_cast<uint8_t>(p.kind));
    h.U8(p.is_async);
    h.U8(p.is_generator);
    h.U8(p.strict);
    h.U8(p.num_params);
    h.U8(p.length);
    h.U8(p.num_regs);
    h.U8(p.has_rest);
    h.U8(p.rest_reg);
    h.U8(p.needs_arguments);
    h.U8(p.arguments_reg);
    h.U8(p.is_vararg);
    h.U64(p.code.size());
    for (isa::Instr i : p.code) h.U32(i);
    h.U64(p.constants.size());
    for (const auto& c : p.constants) {
      h.U8(static_cast<uint8_t>(c.kind));
      h.F64(c.number);
      h.U64(static_cast<uint64_t>(c.integer));
      h.U16Str(c.u16);
      h.Str(c.bytes);
      h.U64(c.raws.size());
      for (const auto& r : c.raws) h.U16Str(r);
      h.U64(c.strings.size());
      for (const auto& s : c.strings) h.U16Str(s);
      h.U64(c.cooked_valid.size());
      for (bool b : c.cooked_valid) h.U8(b);
    }
    h.U64(p.upvalues.size());
    for (const auto& u : p.upvalues) {
      h.U8(u.from_parent_register);
      h.U32(u.index);
      h.Str(u.name);
    }
    h.U64(p.children.size());
    for (uint32_t c : p.children) h.U32(c);
    h.U64(p.handlers.size());
    for (const auto& x : p.handlers) {
      h.U32(x.start);
      h.U32(x.end);
      h.U32(x.handler);
      h.U8(x.reg);
    }
    h.U64(p.lines.size());
    for (const auto& l : p.lines) {
      h.U32(l.pc);
      h.U32(l.line);
      h.U32(l.column);
    }
    h.U32(p.line);
    h.U32(p.column);
  }
  return h.Digest();
}

// ---- reading ---------------------------------------------------------------------------------------

namespace {
// File layout: the size-prefixed FlatBuffer, then a 12-byte trailer: the format version (uint32 LE, read
// before anything else so that any other version is reported by number) and xxHash3-64 (LE) of every
// byte before the checksum.
constexpr size_t kTrailerBytes = 12;
constexpr size_t kPrefixBytes = 4;  // FlatBuffers size prefix
constexpr size_t kMinBytes = kPrefixBytes + 8 + kTrailerBytes;  // prefix, root offset, identifier

uint64_t LoadLE64(const char* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<uint8_t>(p[i]);
  return v;
}
uint32_t LoadLE32(const char* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<uint8_t>(p[i]);
  return v;
}

// The FlatBuffers 2.0 verifier checks a vector's length word but not its elements' alignment; every
// vector of structs or 2/4/8-byte scalars must be aligned for its element type before anything reads it.
template <typename T>
bool Aligned(const flatbuffers::Vector<T>* v) {
  using E = std::remove_pointer_t<std::remove_const_t<T>>;
  // Empty vectors are never read (and FlatBuffers does not always align them).
  return v == nullptr || v->size() == 0 ||
         reinterpret_cast<uintptr_t>(v->Data()) % alignof(E) == 0;
}

bool VectorsAligned(const fb::Snapshot* s) {
  const fb::Heap* h = s->heap();
  if (h->strings() != nullptr &&
      !Aligned(h->strings()->utf16()))
    return false;
  if (!Aligned(h->symbols()) || !Aligned(h->accessors())) return false;
  const fb::VmState* v = s->vm();
  if (!Aligned(v->stack()) || !Aligned(v->frames()) || !Aligned(v->host_calls()) ||
      !Aligned(v->cow()) || !Aligned(v->rejected_unhandled()) || !Aligned(v->extra_roots()) ||
      !Aligned(v->template_caches()))
    return false;
  if (v->jobs() != nullptr)
    for (const fb::Job* j : *v->jobs())
      if (!Aligned(j->args())) return false;
  return true;
}

}  // namespace

absl::Status CheckFileHead(std::string_view head, uint64_t file_size) {
  static_assert(kFileHeadBytes == kPrefixBytes + 8);
  if (head.size() >= kPrefixBytes + 8 &&
      std::memcmp(head.data() + kPrefixBytes + 4, fb::SnapshotIdentifier(), 4) != 0)
    return absl::InvalidArgumentError("snapshot: not a codemode snapshot");
  if (head.size() < kPrefixBytes + 8 || file_size < kMinBytes)
    return absl::DataLossError(absl::StrCat("snapshot: truncated (", file_size, " bytes)"));
  uint64_t total = static_cast<uint64_t>(LoadLE32(head.data())) + kPrefixBytes + kTrailerBytes;
  if (file_size < total)
    return absl::DataLossError(
        absl::StrCat("snapshot: truncated (", file_size, " of ", total, " bytes)"));
  if (file_size > total)
    return absl::DataLossError(
        absl::StrCat("snapshot: corrupted (", file_size - total, " bytes after the end)"));
  return absl::OkStatus();
}

std::string Codec::Seal(std::string_view flatbuffer) {
  std::string out;
  out.reserve(flatbuffer.size() + kTrailerBytes);
  out.append(flatbuffer);
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>(kFormatVersion >> (8 * i)));
  uint64_t sum = XXH3_64bits(out.data(), out.size());
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(sum >> (8 * i)));
  return out;
}

absl::StatusOr<const fb::Snapshot*> Codec::Open(std::string_view bytes, const vm::Realm& realm,
                                                std::string* aligned, bool check_build_id) {
  if (bytes.size() >= kPrefixBytes + 8 &&
      std::memcmp(bytes.data() + kPrefixBytes + 4, fb::SnapshotIdentifier(), 4) != 0)
    return absl::InvalidArgumentError("snapshot: not a codemode snapshot");
  if (bytes.size() < kMinBytes)
    return absl::DataLossError(absl::StrCat("snapshot: truncated (", bytes.size(), " bytes)"));
  uint64_t body = static_cast<uint64_t>(LoadLE32(bytes.data())) + kPrefixBytes;
  if (bytes.size() < body + kTrailerBytes)
    return absl::DataLossError(absl::StrCat("snapshot: truncated (", bytes.size(), " of ",
                                            body + kTrailerBytes, " bytes)"));
  if (bytes.size() > body + kTrailerBytes)
    return absl::DataLossError(absl::StrCat(
        "snapshot: corrupted (", bytes.size() - body - kTrailerBytes, " bytes after the end)"));
  if (XXH3_64bits(bytes.data(), body + 4) != LoadLE64(bytes.data() + body + 4))
    return absl::DataLossError("snapshot: corrupted (checksum mismatch)");
  uint32_t version = LoadLE32(bytes.data() + body);
  if (version != kFormatVersion)
    return absl::FailedPreconditionError(
        absl::StrCat("snapshot: format version ", version, ", this engine reads ", kFormatVersion));
  if (body >= FLATBUFFERS_MAX_BUFFER_SIZE)
    return absl::InvalidArgumentError("snapshot: larger than 2 GiB");
  // FlatBuffers reads scalars in place: the buffer must be 8-byte aligned.
  const char* data = bytes.data();
  if (reinterpret_cast<uintptr_t>(data) % 8 != 0) {
    aligned->assign(bytes.data(), body);
    data = aligned->data();
  }
  auto* buf = reinterpret_cast<const uint8_t*>(data);
  flatbuffers::Verifier::Options o;
  o.max_depth = 16;
  o.max_tables = static_cast<flatbuffers::uoffset_t>(std::min<uint64_t>(body / 4 + 16, 1u << 30));
  o.check_alignment = true;
  flatbuffers::Verifier v(buf, body, o);
  if (!fb::VerifySizePrefixedSnapshotBuffer(v))
    return absl::DataLossError("snapshot: corrupted (structure does not verify)");
  const fb::Snapshot* root = flatbuffers::GetSizePrefixedRoot<fb::Snapshot>(buf);
  const fb::Header* header = root->header();
  if (header == nullptr || root->program() == nullptr || root->info() == nullptr ||
      root->heap() == nullptr || root->vm() == nullptr)
    return absl::DataLossError("snapshot: corrupted (missing section)");
  if (!VectorsAligned(root)) return absl::DataLossError("snapshot: corrupted (misaligned data)");
  if (header->format_version() != version)
    return absl::DataLossError("snapshot: corrupted (two format versions)");
  uint64_t ours = EngineBuildId(realm);
  if (check_build_id && header->engine_build_id() != ours)
    return absl::FailedPreconditionError(absl::StrFormat(
        "snapshot: written by a different engine build (snapshot %016x, this engine %016x)",
        header->engine_build_id(), ours));
  return root;
}

namespace {
std::string Str(const flatbuffers::String* s) { return s ? s->str() : std::string(); }
std::vector<std::string> Strs(const flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>>* v) {
  std::vector<std::string> out;
  if (v == nullptr) return out;
  out.reserve(v->size());
  for (const auto* s : *v) out.push_back(Str(s));
  return out;
}
}  // namespace

RunInfo Codec::InfoOf(const fb::Snapshot* s) {
  RunInfo r;
  const fb::Header* h = s->header();
  r.run_id = Str(h->run_id());
  r.language = Str(h->language());
  r.created_at_ms = h->created_at_ms();
  r.extension_set_hash = h->extension_set_hash();
  r.source = Str(s->program()->source());
  r.module_hash = s->program()->module_hash();
  const fb::RunInfo* i = s->info();
  r.active_ms = i->active_ms();
  r.admitted_calls = i->admitted_calls();
  r.output_bytes = i->output_bytes();
  r.next_call_id = i->next_call_id();
  r.timeout_ms = i->timeout_ms();
  r.max_tool_calls = i->max_tool_calls();
  r.max_output_bytes = i->max_output_bytes();
  r.max_steps = i->max_steps();
  r.max_memory_bytes = i->max_memory_bytes();
  if (i->calls() != nullptr) {
    for (const fb::CallEntry* c : *i->calls()) {
      CallEntry e;
      e.call_id = c->call_id();
      e.key = Str(c->key());
      e.path = Strs(c->path());
      e.state = static_cast<CallEntry::State>(
          std::min<uint8_t>(c->state(), static_cast<uint8_t>(CallEntry::State::kSettledInInbox)));
      e.input_json = Str(c->input_json());
      e.durable_data_json = Str(c->durable_data_json());
      e.settled_ok = c->settled_ok();
      e.settled_text = Str(c->settled_text());
      e.error_kind = Str(c->error_kind());
      r.calls.push_back(std::move(e));
    }
  }
  r.tool_calls = Strs(i->tool_calls());
  r.logs = Strs(i->logs());
  r.suggestions = Strs(i->suggestions());
  r.denials = Strs(i->denials());
  r.time_zone = i->time_zone() != nullptr ? i->time_zone()->str() : "UTC";
  return r;
}

absl::StatusOr<std::string> Encode(vm::VM& vm, const RunInfo& info, const EncodeOptions& options) {
  return Codec::Encode(vm, info, options);
}

absl::StatusOr<RunInfo> ReadInfo(std::string_view bytes, const vm::Realm& realm) {
  std::string aligned;
  auto root = Codec::Open(bytes, realm, &aligned);
  if (!root.ok()) return root.status();
  return Codec::InfoOf(*root);
}

absl::StatusOr<std::unique_ptr<vm::VM>> Restore(std::string_view bytes, const vm::Realm& realm,
                                                std::shared_ptr<const bytecode::Module> module,
                                                vm::VmLimits limits) {
  std::string aligned;
  auto root = Codec::Open(bytes, realm, &aligned);
  if (!root.ok()) return root.status();
  if (module == nullptr) return absl::InvalidArgumentError("snapshot: no module to restore into");
  return Codec::Restore(*root, realm, std::move(module), limits);
}

absl::StatusOr<std::string> InspectJson(std::string_view bytes, const vm::Realm& realm) {
  std::string aligned;
  auto root = Codec::Open(bytes, realm, &aligned);
  if (!root.ok()) return root.status();
  return Codec::Inspect(*root, realm);
}

}  // namespace codemode::snapshot
