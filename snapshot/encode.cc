// Encoding a run (snapshot.h Encode): ids by a breadth-first traversal from the roots in a fixed
// order, then one FlatBuffer (snapshot.fbs) written section by section in id order.
#include <xxhash.h>

#include <algorithm>
#include <deque>
#include <span>

#include "absl/strings/str_cat.h"
#include "flatbuffers/flatbuffers.h"
#include "snapshot/codec.h"
#include "snapshot/snapshot_generated.h"
#include "snapshot/stream.h"
#include "vm/lua/table.h"

namespace codemode::snapshot {

namespace {

using flatbuffers::FlatBufferBuilder;
using flatbuffers::Offset;
using vm::CellKind;
using vm::HeapCell;
using vm::Value;

// The snapshot tag of a reference to `c` (kTagUndefined for kinds that cannot be saved).
uint8_t TagOf(const HeapCell* c) {
  switch (c->cell_kind()) {
    case CellKind::kString:
      return kTagString;
    case CellKind::kSymbol:
      return kTagSymbol;
    case CellKind::kBigInt:
      return kTagBigInt;
    case CellKind::kObject:
      return kTagObject;
    case CellKind::kCell:
      return kTagCell;
    case CellKind::kAccessor:
      return kTagAccessor;
    case CellKind::kProto:
      return kTagProto;
    case CellKind::kShape:
      return kTagShape;
    default:
      return kTagUndefined;
  }
}

}  // namespace

class Codec::Encoder {
 public:
  Encoder(vm::VM& vm, const RealmTable& realm, const NativeIds& natives)
      : vm_(vm), realm_(realm), natives_(natives) {
    // Sized for the heap up front: growing the content table rehashes every string found so far
    // (it was ~8 % of a megabyte encode), and the queue and streams would copy themselves ~8 times.
    // The count includes garbage not yet collected, hence the cap (a few MB of tables at most).
    const size_t cells = std::min<size_t>(vm.heap().cell_count(), size_t{1} << 20);
    by_content_.reserve(cells / 4);
    queue_.reserve(cells / 2);
    strings_.reserve(cells / 4);
    objects_.reserve(cells / 4);
    object_types_.reserve(cells / 4);
  }
  // Run cells carry their id in HeapCell's snapshot scratch word while the encoder lives.
  ~Encoder() {
    for (HeapCell* c : queue_) c->set_snapshot_scratch(0);
    for (HeapCell* c : touched_) c->set_snapshot_scratch(0);
  }
  Encoder(const Encoder&) = delete;
  Encoder& operator=(const Encoder&) = delete;

  absl::Status Discover();
  absl::StatusOr<std::string> Write(const RunInfo& info, const EncodeOptions& options);

 private:
  // A flat string's contents as bytes (two-byte strings: their code units' bytes).
  static std::string_view Content(const vm::String* s) {
    return std::string_view(s->data_, size_t{s->length()} * (s->is_one_byte() ? 1 : 2));
  }
  // Strings looked up by contents only: flat, not atoms, short (hashing them is cheaper than a
  // pointer lookup in a large table, and they are most of a heap's cells).
  static bool ByContent(const vm::String* s) {
    return !s->is_atom() && !s->is_rope() && s->length() <= 64;
  }
  static uint64_t ContentKey(const vm::String* s) {
    std::string_view content = Content(s);
    return XXH3_64bits_withSeed(content.data(), content.size(), s->is_one_byte() ? 1 : 2);
  }
  static bool Same(const vm::String* a, const vm::String* b) {
    return a->is_one_byte() == b->is_one_byte() && Content(a) == Content(b);
  }
  void Fail(std::string message) {
    if (status_.ok()) status_ = absl::FailedPreconditionError(absl::StrCat("snapshot: ", message));
  }
  // Discovers `v`'s cell (giving it an id) and returns its reference; immediates as they are.
  fb::Val Visit(Value v) {
    if (!v.IsHeap()) return Ref(v);
    return VisitCell(v.AsHeap());
  }
  fb::Val VisitCell(HeapCell* c);
  // Software prefetching of the traversal (Discover): how far ahead of the written cell the first
  // stage runs, and the stages.
  static constexpr size_t kAhead = 32;
  static void PrefetchHeader(const HeapCell* c) {
    __builtin_prefetch(c);
    __builtin_prefetch(reinterpret_cast<const char*>(c) + 64);
  }
  static void PrefetchBuffers(const HeapCell* c);
  static void PrefetchChildren(const HeapCell* c, bool contents);
  // Writes a discovered cell's references (objects: their whole body) in id order.
  void Process(HeapCell* c);

  // Gives `s` the next string id and writes it to the string table streams while it is in cache.
  void AddString(vm::String* s) {
    strings_.push_back(s);
    const uint64_t f = (s->is_atom() ? 2 : 0) | (s->is_one_byte() ? 0 : 1);
    (s->is_one_byte() ? latin1_ : utf16_).Append(Content(s));
    string_heads_.Varint((static_cast<uint64_t>(s->length()) << 2) | f);
  }
  fb::Val Ref(Value v);
  fb::Val CellRef(const HeapCell* c);
  // A discovered run cell's id (0 for one never discovered).
  static uint32_t IdOf(const HeapCell* c) {
    const uint32_t s = c->snapshot_scratch();
    return s == 0 ? 0 : s - 1;
  }
  // Gives a run cell its id (HeapCell's scratch word holds id + 1 until the encoder is destroyed).
  void SetId(HeapCell* c, uint32_t id) { c->set_snapshot_scratch(id + 1); }
  // A realm cell's id (kept in a small cache: records alternate between a few prototypes).
  bool RealmId(const HeapCell* c, uint32_t* id) {
    const size_t slot = (reinterpret_cast<uintptr_t>(c) >> 4) & (kRealmCache - 1);
    if (realm_cache_[slot].cell == c) {
      *id = realm_cache_[slot].id;
      return true;
    }
    auto found = realm_.ids.find(c);
    if (found == realm_.ids.end()) return false;
    realm_cache_[slot] = {c, found->second};
    *id = found->second;
    return true;
  }
  Offset<flatbuffers::Vector<const fb::Val*>> Vals(const std::vector<Value>& values);
  void Put(ByteWriter& w, Value v) {
    fb::Val x = Visit(v);
    w.Val(x.tag(), x.bits());
  }
  void PutCell(ByteWriter& w, HeapCell* c) {
    fb::Val x = VisitCell(c);
    w.Val(x.tag(), x.bits());
  }
  void PutVals(ByteWriter& w, std::span<const Value> values);
  void WriteObject(vm::Object* o, ObjType type, ByteWriter& heads, ByteWriter& w);

  vm::VM& vm_;
  const RealmTable& realm_;
  const NativeIds& natives_;
  absl::Status status_;
  std::vector<HeapCell*> touched_;  // cells with an id that are not in queue_ (strings, protos)
  static constexpr size_t kRealmCache = 8;
  struct RealmCacheEntry {
    const HeapCell* cell = nullptr;
    uint32_t id = 0;
  };
  RealmCacheEntry realm_cache_[kRealmCache];
  std::vector<vm::String*> strings_;
  ByteWriter string_heads_, latin1_, utf16_;  // the string table (snapshot.fbs, "StringTable")
  // Hash of a non-atom string's contents → string id.
  absl::flat_hash_map<uint64_t, uint32_t> by_content_;
  std::vector<vm::Symbol*> symbols_;
  std::vector<vm::BigInt*> bigints_;
  std::vector<vm::Shape*> shapes_;
  std::vector<vm::Cell*> cells_;
  std::vector<vm::Accessor*> accessors_;
  std::vector<vm::Object*> objects_;
  std::vector<ObjType> object_types_;
  std::vector<HeapCell*> queue_;  // discovery order
  size_t next_object_ = 0;        // objects are processed in id order
  ByteWriter heads_, bodies_;     // the object streams (snapshot.fbs, "Heap")
  uint32_t stack_len_ = 0;
  FlatBufferBuilder fbb_{1 << 12};
  std::vector<fb::Val> scratch_;
};

fb::Val Codec::Encoder::VisitCell(HeapCell* c) {
  if (c == nullptr) return fb::Val(0, kTagNull);
  if (c->is_shared()) {
    const uint8_t tag = TagOf(c);
    if (tag == kTagUndefined) {
      Fail("unexpected heap cell");
      return fb::Val(0, kTagUndefined);
    }
    uint32_t id;
    if (!RealmId(c, &id)) {
      Fail("a shared cell is not part of the realm");
      return fb::Val(0, kTagUndefined);
    }
    return fb::Val(id, static_cast<uint8_t>(tag | kTagRealm));
  }
  // Seen before (run protos are given their ids up front by Discover).
  if (const uint32_t seen = c->snapshot_scratch(); seen != 0) return fb::Val(seen - 1, TagOf(c));
  if (c->cell_kind() == CellKind::kProto) {
    Fail("a function from another module is referenced");
    return fb::Val(0, kTagUndefined);
  }
  if (c->cell_kind() == CellKind::kString) {
    auto* s = static_cast<vm::String*>(c);
    if (ByContent(s)) {
      // Short strings are found by their contents (equal strings are written once).
      // They get no scratch id (CellRef finds them by contents too), so nothing has to be undone
      // in them afterwards: most of a heap's strings are touched once.
      auto [dup, fresh] =
          by_content_.try_emplace(ContentKey(s), static_cast<uint32_t>(strings_.size()));
      if (fresh) AddString(s);
      if (fresh || Same(strings_[dup->second], s)) return fb::Val(dup->second, kTagString);
      // A hash collision with different contents: the string gets an id of its own below.
    }
  }
  uint32_t id = 0;
  switch (c->cell_kind()) {
    case CellKind::kString: {
      auto* s = static_cast<vm::String*>(c);
      s->Flatten();  // the rope's parts are not needed
      if (!s->is_atom()) {
        // Strings have no identity: equal contents are written once (atoms are unique already).
        // Keyed by a hash of the contents (cheap to rehash); equal hashes are confirmed by
        // comparing, and a rare collision of different contents just writes the string again.
        auto [dup, fresh] =
            by_content_.try_emplace(ContentKey(s), static_cast<uint32_t>(strings_.size()));
        if (!fresh && Same(strings_[dup->second], s)) {
          SetId(c, dup->second);
          touched_.push_back(c);
          return fb::Val(dup->second, kTagString);  // strings reference nothing: nothing to process
        }
      }
      id = static_cast<uint32_t>(strings_.size());
      AddString(s);
      break;
    }
    case CellKind::kSymbol:
      id = static_cast<uint32_t>(symbols_.size());
      symbols_.push_back(static_cast<vm::Symbol*>(c));
      break;
    case CellKind::kBigInt:
      id = static_cast<uint32_t>(bigints_.size());
      bigints_.push_back(static_cast<vm::BigInt*>(c));
      SetId(c, id);
      touched_.push_back(c);
      return fb::Val(id, kTagBigInt);  // references nothing: nothing to process
    case CellKind::kShape:
      id = static_cast<uint32_t>(shapes_.size());
      shapes_.push_back(static_cast<vm::Shape*>(c));
      break;
    case CellKind::kCell:
      id = static_cast<uint32_t>(cells_.size());
      cells_.push_back(static_cast<vm::Cell*>(c));
      break;
    case CellKind::kAccessor:
      id = static_cast<uint32_t>(accessors_.size());
      accessors_.push_back(static_cast<vm::Accessor*>(c));
      break;
    case CellKind::kObject:
      id = static_cast<uint32_t>(objects_.size());
      objects_.push_back(static_cast<vm::Object*>(c));
      object_types_.push_back(Codec::TypeOf(static_cast<vm::Object*>(c)));
      break;
    default:
      Fail(absl::StrCat("heap cells of kind ", static_cast<int>(c->cell_kind()),
                        " cannot be saved"));
      return fb::Val(0, kTagUndefined);
  }
  SetId(c, id);
  queue_.push_back(c);
  return fb::Val(id, TagOf(c));
}

void Codec::Encoder::Process(HeapCell* c) {
  switch (c->cell_kind()) {
    case CellKind::kString:  // flattened when discovered
      break;
    case CellKind::kSymbol:
      Visit(static_cast<vm::Symbol*>(c)->description_);
      break;
    case CellKind::kShape:
      for (const auto& e : static_cast<vm::Shape*>(c)->entries_) VisitCell(e.key);
      break;
    case CellKind::kCell:
      Visit(static_cast<vm::Cell*>(c)->value);
      break;
    case CellKind::kAccessor: {
      auto* a = static_cast<vm::Accessor*>(c);
      Visit(a->getter);
      Visit(a->setter);
      break;
    }
    case CellKind::kObject: {
      // The body is written in place behind a length byte (widened afterwards if it is long).
      const size_t mark = bodies_.BeginLength();
      WriteObject(static_cast<vm::Object*>(c), object_types_[next_object_++], heads_, bodies_);
      bodies_.EndLength(mark);
      break;
    }
    default:
      break;
  }
}

absl::Status Codec::Encoder::Discover() {
  vm::VM& vm = vm_;
  if (vm.bootstrapping_)
    return absl::FailedPreconditionError("snapshot: the realm's VM cannot be saved");
  if (vm.in_run_ || vm.boundary_calls_ != 0)
    return absl::FailedPreconditionError("snapshot: the VM is running (not stopped at a yield)");
  if (vm.has_exception_ || vm.has_tail_call_)
    return absl::FailedPreconditionError("snapshot: the VM is inside an operation");
  if (vm.termination_ != vm::Termination::kNone)
    return absl::FailedPreconditionError("snapshot: the run was terminated");
  if (vm.lua_multi_ || vm.lua_protect_pending_ || vm.lua_wait_pending_ || !vm.lua_ret_.empty())
    return absl::FailedPreconditionError("snapshot: the VM is inside a Lua call");
  if (vm.modules_.size() != 1)
    return absl::FailedPreconditionError(absl::StrCat(
        "snapshot: the VM must have exactly one program module (it has ", vm.modules_.size(), ")"));
  const bytecode::Module& module = *vm.modules_[0];
  if (vm.loaded_protos_.size() != module.protos.size())
    return absl::FailedPreconditionError("snapshot: loaded functions do not match the module");
  for (size_t i = 0; i < vm.loaded_protos_.size(); ++i) {
    HeapCell* p = vm.loaded_protos_[i].AsHeap();
    if (!vm.loaded_protos_[i].IsInternal() || p->cell_kind() != CellKind::kProto ||
        static_cast<vm::Proto*>(p)->bc != &module.protos[i])
      return absl::FailedPreconditionError("snapshot: loaded functions do not match the module");
    if (p->snapshot_scratch() != 0)
      return absl::FailedPreconditionError("snapshot: loaded functions do not match the module");
    SetId(p, static_cast<uint32_t>(i));
    touched_.push_back(p);
  }
  if (vm.empty_shape_ == nullptr || vm.function_shape_ == nullptr || vm.empty_shape_->is_shared() ||
      vm.function_shape_->is_shared() || vm.array_shape_ != vm.empty_shape_)
    return absl::FailedPreconditionError("snapshot: unexpected root shapes");

  // Roots, in a fixed order (the ids follow from it).
  VisitCell(vm.empty_shape_);     // shape 0
  VisitCell(vm.function_shape_);  // shape 1
  if (!vm.frames_.empty()) {
    uint32_t top = vm.StackTop();
    for (const vm::Frame& f : vm.frames_) top = std::max(top, f.top);  // Lua multi-results
    stack_len_ = std::min<uint32_t>(top, static_cast<uint32_t>(vm.stack_.size()));
    while (stack_len_ > 0 && vm.stack_[stack_len_ - 1].IsUndefined()) --stack_len_;
  }
  for (uint32_t i = 0; i < stack_len_; ++i) Visit(vm.stack_[i]);
  for (const vm::Frame& f : vm.frames_) {
    VisitCell(f.closure);
    VisitCell(f.proto);
    Visit(f.new_target);
    VisitCell(f.activation);
    Visit(f.site.aux);
    Visit(f.site.aux2);
  }
  Visit(vm.lua_wait_site_.aux);
  Visit(vm.lua_wait_site_.aux2);
  for (const auto& j : vm.jobs_) {
    Visit(j.fn);
    Visit(j.this_value);
    for (const Value& v : j.args) Visit(v);
    VisitCell(j.derived);
    Visit(j.aux);
  }
  std::vector<std::pair<uint64_t, vm::PromiseObject*>> calls(vm.host_calls_.begin(),
                                                             vm.host_calls_.end());
  std::sort(calls.begin(), calls.end());
  for (auto& [id, p] : calls) VisitCell(p);
  Visit(vm.main_value_);
  std::vector<std::pair<uint32_t, vm::Object*>> cow;
  for (auto& [from, to] : vm.cow_) {
    auto it = realm_.ids.find(from);
    if (it == realm_.ids.end())
      return absl::InternalError("snapshot: a copied object is not in the realm");
    cow.emplace_back(it->second, to);
  }
  std::sort(cow.begin(), cow.end());
  for (auto& [id, o] : cow) VisitCell(o);
  std::vector<std::pair<std::string_view, vm::String*>> atoms(vm.atoms_.begin(), vm.atoms_.end());
  std::sort(atoms.begin(), atoms.end());
  for (auto& [key, s] : atoms) VisitCell(s);
  for (auto* p : vm.rejected_unhandled_) VisitCell(p);
  for (auto& [e, kind] : vm.error_kinds_) VisitCell(e);
  for (const Value& v : vm.extra_roots_) Visit(v);
  if (vm.has_uncaught_job_error_) Visit(vm.uncaught_job_error_);
  for (const Value& pv : vm.loaded_protos_)
    for (const Value& v : static_cast<vm::Proto*>(pv.AsHeap())->template_cache) Visit(v);

  // Breadth-first: every discovered cell's references, in the order the writer lists them. The
  // traversal is bound by memory latency (cells are scattered through a heap full of the run's
  // garbage), so the cells a few places ahead in the queue are fetched in stages while earlier ones
  // are written: first their headers, then their value buffers, then the cells those values name
  // and the contents of those strings — each stage reads only what the previous one brought in, so
  // many misses are in flight at once instead of one at a time. Prefetching never changes what is
  // written.
  const size_t n0 = queue_.size();
  for (size_t i = 0; i < std::min<size_t>(n0, kAhead); ++i) PrefetchHeader(queue_[i]);
  for (size_t i = 0; i < queue_.size() && status_.ok(); ++i) {
    const size_t n = queue_.size();
    if (i + kAhead < n) PrefetchHeader(queue_[i + kAhead]);
    if (i + kAhead * 3 / 4 < n) PrefetchBuffers(queue_[i + kAhead * 3 / 4]);
    if (i + kAhead / 2 < n) PrefetchChildren(queue_[i + kAhead / 2], false);
    if (i + kAhead / 4 < n) PrefetchChildren(queue_[i + kAhead / 4], true);
    Process(queue_[i]);
  }
  return status_;
}

void Codec::Encoder::PrefetchBuffers(const HeapCell* c) {
  if (c->cell_kind() != CellKind::kObject) return;
  auto* o = static_cast<const vm::Object*>(c);
  if (o->slots_.size() != 0) __builtin_prefetch(o->slots_.data());
  if (!o->elements_.empty()) __builtin_prefetch(o->elements_.data());
}

void Codec::Encoder::PrefetchChildren(const HeapCell* c, bool contents) {
  if (c->cell_kind() != CellKind::kObject) return;
  auto* o = static_cast<const vm::Object*>(c);
  auto one = [&](const Value& v) {
    if (!v.IsHeap()) return;
    const HeapCell* child = v.AsHeap();
    if (!contents) {
      PrefetchHeader(child);
      // A string's characters follow its 64-byte header: short ones end within the next line.
      if (v.IsString()) __builtin_prefetch(reinterpret_cast<const char*>(child) + 112);
    } else if (v.IsString()) {
      // The string's header is in cache now: fetch more of a long one's characters (hashed when
      // it is discovered).
      auto* s = static_cast<const vm::String*>(child);
      if (s->data_ != nullptr && s->length() > 40) __builtin_prefetch(s->data_ + 64);
    }
  };
  // Only the first values of each buffer: enough to cover records, and bounded per cell.
  const uint32_t slots = std::min<uint32_t>(o->slots_.size(), 8);
  for (uint32_t k = 0; k < slots; ++k) one(o->slots_[k]);
  const size_t elements = std::min<size_t>(o->elements_.size(), 8);
  for (size_t k = 0; k < elements; ++k) one(o->elements_[k]);
}

fb::Val Codec::Encoder::CellRef(const HeapCell* c) {
  if (c == nullptr) return fb::Val(0, kTagNull);
  const uint8_t tag = TagOf(c);
  if (tag == kTagUndefined) {
    Fail("unexpected heap cell");
    return fb::Val(0, kTagUndefined);
  }
  if (c->is_shared()) {
    auto it = realm_.ids.find(c);
    return fb::Val(it == realm_.ids.end() ? 0 : it->second, static_cast<uint8_t>(tag | kTagRealm));
  }
  if (c->snapshot_scratch() == 0 && tag == kTagString) {
    // A short string found by its contents in Discover (VisitCell) has no scratch id.
    auto* s = static_cast<const vm::String*>(c);
    auto it = by_content_.find(ContentKey(s));
    if (it != by_content_.end() && Same(strings_[it->second], s)) return fb::Val(it->second, tag);
    Fail("a string was not discovered");
    return fb::Val(0, kTagUndefined);
  }
  return fb::Val(IdOf(c), tag);
}

fb::Val Codec::Encoder::Ref(Value v) {
  switch (v.tag()) {
    case vm::Tag::kUndefined:
      return fb::Val(0, kTagUndefined);
    case vm::Tag::kNull:
      return fb::Val(0, kTagNull);
    case vm::Tag::kBool:
      return fb::Val(v.AsBool() ? 1 : 0, kTagBool);
    case vm::Tag::kNumber:
      return fb::Val(v.raw_bits(), kTagNumber);
    case vm::Tag::kInt:
      return fb::Val(v.raw_bits(), kTagInt);
    case vm::Tag::kEmpty:
      return fb::Val(0, kTagEmpty);
    default:
      return CellRef(v.AsHeap());
  }
}

Offset<flatbuffers::Vector<const fb::Val*>> Codec::Encoder::Vals(const std::vector<Value>& values) {
  scratch_.clear();
  scratch_.reserve(values.size());
  for (const Value& v : values) scratch_.push_back(Ref(v));
  return fbb_.CreateVectorOfStructs(scratch_.data(), scratch_.size());
}

void Codec::Encoder::PutVals(ByteWriter& w, std::span<const Value> values) {
  w.Varint(values.size());
  const size_t n = values.size();
  if (n <= 8) {
    for (const Value& v : values) Put(w, v);
    return;
  }
  // A long array (the run's big collections): its cells are discovered here, so fetch them ahead
  // (16 values ahead: headers, and for strings the line their characters end in when short).
  for (size_t k = 0; k < n; ++k) {
    if (k + 16 < n && values[k + 16].IsHeap()) {
      const HeapCell* c = values[k + 16].AsHeap();
      PrefetchHeader(c);
      if (values[k + 16].IsString()) __builtin_prefetch(reinterpret_cast<const char*>(c) + 112);
    }
    Put(w, values[k]);
  }
}

void Codec::Encoder::WriteObject(vm::Object* o, ObjType type, ByteWriter& heads, ByteWriter& w) {
  heads.Byte(static_cast<uint8_t>(type));
  heads.Byte(static_cast<uint8_t>(o->klass_));
  if (type == ObjType::kNative) {
    auto* n = static_cast<vm::NativeFunction*>(o);
    auto it = natives_.ids.find(reinterpret_cast<uintptr_t>(n->fn));
    if (it == natives_.ids.end()) {
      Value name = o->slots_.size() > 1 ? o->slots_[1] : Value::Undefined();
      Fail(absl::StrCat("the native function '",
                        name.IsString() ? name.AsString()->ToUtf8() : std::string("?"),
                        "' has no stable id (snapshot::RegisterNative)"));
    }
    heads.Varint(it == natives_.ids.end() ? 0 : it->second);
    heads.Signed(n->magic);
  } else if (type == ObjType::kIterator) {
    heads.Byte(static_cast<uint8_t>(static_cast<vm::IteratorObject*>(o)->kind));
  } else if (type == ObjType::kTypedArray) {
    heads.Byte(static_cast<uint8_t>(static_cast<vm::TypedArrayObject*>(o)->kind));
  }

  uint8_t flags =
      (o->extensible_ ? 1 : 0) | (o->frozen_elements_ ? 2 : 0) | (o->sealed_elements_ ? 4 : 0);
  if (o->klass_ == vm::ObjectClass::kFunction) {
    auto* f = static_cast<vm::FunctionObject*>(o);
    flags |= (f->is_constructor ? 8 : 0) | (f->prototype_pending ? 16 : 0);
  }
  if (type == ObjType::kArray && static_cast<vm::ArrayObject*>(o)->length_writable) flags |= 32;
  w.Byte(flags);
  PutCell(w, o->shape_);
  PutCell(w, o->proto_);
  PutVals(w, std::span<const Value>(o->slots_.data(), o->slots_.size()));
  PutVals(w, o->elements_);
  if (o->sparse_) {
    w.Varint(o->sparse_->size());
    for (const auto& [i, p] : *o->sparse_) {
      w.Varint(i);
      w.Byte(p.second);
      Put(w, p.first);
    }
  } else {
    w.Varint(0);
  }
  Put(w, o->internal_);
  auto reactions = [&](const std::vector<vm::PromiseReaction>& list) {
    w.Varint(list.size());
    for (const auto& x : list) {
      Put(w, x.capability);
      Put(w, x.handler);
      Put(w, x.aux);
      w.Byte(x.type);
      w.Byte(x.special);
    }
  };
  switch (type) {
    case ObjType::kArray:
      w.Varint(static_cast<vm::ArrayObject*>(o)->length);
      break;
    case ObjType::kClosure: {
      auto* c = static_cast<vm::Closure*>(o);
      PutCell(w, c->proto_fn);
      w.Varint(c->upvals.size());
      for (vm::Cell* cell : c->upvals) {
        if (cell == nullptr) Fail("a closure captures a missing variable");
        PutCell(w, cell);
      }
      PutCell(w, c->home_object);
      break;
    }
    case ObjType::kNative:
      Put(w, static_cast<vm::NativeFunction*>(o)->data);
      break;
    case ObjType::kBound: {
      auto* b = static_cast<vm::BoundFunction*>(o);
      Put(w, b->target);
      Put(w, b->bound_this);
      PutVals(w, b->bound_args);
      break;
    }
    case ObjType::kPromise: {
      auto* p = static_cast<vm::PromiseObject*>(o);
      w.Byte(static_cast<uint8_t>(p->state));
      Put(w, p->result);
      w.Byte(p->handled ? 1 : 0);
      w.Byte(p->already_resolved ? 1 : 0);
      w.Varint(p->serial);
      reactions(p->fulfill_reactions);
      reactions(p->reject_reactions);
      break;
    }
    case ObjType::kMap: {
      auto* m = static_cast<vm::MapObject*>(o);
      w.Varint(m->entries.size());
      for (const auto& x : m->entries) {
        Put(w, x.key);
        Put(w, x.value);
      }
      w.Varint(m->live);
      break;
    }
    case ObjType::kArrayBuffer: {
      const auto& data = static_cast<vm::ArrayBufferObject*>(o)->data;
      w.Varint(data.size());
      w.Append(std::string_view(reinterpret_cast<const char*>(data.data()), data.size()));
      break;
    }
    case ObjType::kTypedArray: {
      auto* t = static_cast<vm::TypedArrayObject*>(o);
      w.Varint(t->byte_offset);
      w.Varint(t->length);
      break;
    }
    case ObjType::kIterator: {
      auto* it = static_cast<vm::IteratorObject*>(o);
      w.Byte(it->done ? 1 : 0);
      Put(w, it->target);
      w.Varint(it->pos);
      PutVals(w, it->keys);
      break;
    }
    case ObjType::kActivation: {
      auto* a = static_cast<vm::ActivationObject*>(o);
      Put(w, a->closure);
      PutVals(w, a->registers);
      w.Varint(a->pc);
      Put(w, a->new_target);
      Put(w, a->promise);
      w.Byte(a->resume_reg);
      w.Varint(a->argc);
      w.Byte(a->running ? 1 : 0);
      w.Byte(a->finished ? 1 : 0);
      break;
    }
    case ObjType::kLuaTable: {
      auto* t = static_cast<vm::LuaTable*>(o);
      PutCell(w, t->metatable);
      w.Byte(t->flags);
      PutVals(w, t->arr);
      // The hash part in `next` order, removed keys included (a traversal may be parked on one).
      w.Varint(t->entries.size());
      for (const auto& e : t->entries) {
        Put(w, e.key);
        Put(w, e.value);
      }
      break;
    }
    case ObjType::kLuaThread: {
      // A coroutine: its state and, while suspended, its saved frames and stack slice (restore.cc
      // checks them like the VM's own frames).
      auto* co = static_cast<vm::LuaCoroutine*>(o);
      auto site = [&](const vm::CallSite& s) {
        w.Byte(static_cast<uint8_t>(s.kind));
        w.Byte(s.ret_reg);
        w.Byte(s.ret_transform);
        w.Byte(s.job_kind);
        w.Signed(s.want);
        w.Byte(s.lua_flags);
        Put(w, s.aux);
        Put(w, s.aux2);
      };
      w.Byte(static_cast<uint8_t>(co->state));
      w.Byte(static_cast<uint8_t>(co->mode));
      w.Byte((co->is_main ? 1 : 0) | (co->from_native ? 2 : 0) | (co->has_error ? 4 : 0));
      w.Varint(co->depth);
      Put(w, co->fn);
      Put(w, co->error);
      site(co->resume_site);
      site(co->yield_site);
      w.Varint(co->frames.size());
      for (const vm::Frame& f : co->frames) {
        if (f.activation != nullptr || f.initial_async || f.proto != f.closure->proto_fn)
          Fail("a coroutine frame that is not a Lua call");
        PutCell(w, f.closure);
        w.Varint(static_cast<uint64_t>(f.pc - f.proto->bc->code.data()));
        w.Varint(f.base);
        w.Varint(f.argc);
        w.Varint(f.top);
        site(f.site);
        Put(w, f.new_target);
      }
      PutVals(w, co->stack);
      break;
    }
    default:
      break;
  }
}

absl::StatusOr<std::string> Codec::Encoder::Write(const RunInfo& info,
                                                  const EncodeOptions& options) {
  vm::VM& vm = vm_;
  // The builder starts at about the size it will reach (it grows by doubling and copying otherwise:
  // a megabyte snapshot was copied ~8 times).
  fbb_ = FlatBufferBuilder(heads_.size() + bodies_.size() + string_heads_.size() + latin1_.size() +
                           utf16_.size() + info.source.size() + (size_t{1} << 14));
  // ---- heap
  Offset<fb::StringTable> strings;
  {
    auto h = fbb_.CreateVector(reinterpret_cast<const uint8_t*>(string_heads_.data()),
                               string_heads_.size());
    auto b = fbb_.CreateVector(reinterpret_cast<const uint8_t*>(latin1_.data()), latin1_.size());
    auto u = fbb_.CreateVector(reinterpret_cast<const uint16_t*>(utf16_.data()), utf16_.size() / 2);
    strings = fb::CreateStringTable(fbb_, h, b, u);
  }
  std::vector<fb::SymbolCell> symbols;
  symbols.reserve(symbols_.size());
  for (vm::Symbol* s : symbols_)
    symbols.emplace_back(Ref(s->description_),
                         static_cast<uint8_t>((s->registered ? 1 : 0) | (s->private_kind << 1)));
  auto symbols_off = fbb_.CreateVectorOfStructs(symbols);
  ByteWriter shape_stream, cell_stream;
  for (vm::Shape* s : shapes_) {
    shape_stream.Byte(s->dictionary_ ? 1 : 0);
    shape_stream.Varint(s->entries_.size());
    for (const auto& e : s->entries_) {
      fb::Val key = CellRef(e.key);
      shape_stream.Val(key.tag(), key.bits());
      shape_stream.Byte(e.attrs);
    }
  }
  auto shapes_off =
      fbb_.CreateVector(reinterpret_cast<const uint8_t*>(shape_stream.data()), shape_stream.size());
  for (vm::Cell* c : cells_) {
    fb::Val v = Ref(c->value);
    cell_stream.Val(v.tag(), v.bits());
  }
  auto cells_off =
      fbb_.CreateVector(reinterpret_cast<const uint8_t*>(cell_stream.data()), cell_stream.size());
  std::vector<fb::AccessorCell> accessors;
  accessors.reserve(accessors_.size());
  for (vm::Accessor* a : accessors_) accessors.emplace_back(Ref(a->getter), Ref(a->setter));
  auto accessors_off = fbb_.CreateVectorOfStructs(accessors);
  auto object_heads =
      fbb_.CreateVector(reinterpret_cast<const uint8_t*>(heads_.data()), heads_.size());
  auto object_bodies =
      fbb_.CreateVector(reinterpret_cast<const uint8_t*>(bodies_.data()), bodies_.size());
  ByteWriter bigint_stream;
  bigint_stream.Varint(bigints_.size());
  for (vm::BigInt* b : bigints_) {
    const auto& n = b->num();
    bigint_stream.Varint((static_cast<uint64_t>(n.mag.size()) << 1) | (n.neg ? 1 : 0));
    for (uint64_t limb : n.mag) bigint_stream.Fixed64(limb);
  }
  auto bigints_off = bigints_.empty()
                         ? 0
                         : fbb_.CreateVector(reinterpret_cast<const uint8_t*>(bigint_stream.data()),
                                             bigint_stream.size());
  auto heap =
      fb::CreateHeap(fbb_, strings, symbols_off, static_cast<uint32_t>(shapes_.size()), shapes_off,
                     cells_off, accessors_off, static_cast<uint32_t>(objects_.size()), object_heads,
                     object_bodies, bigints_off);

  // ---- VM state
  std::vector<Value> stack(vm.stack_.begin(), vm.stack_.begin() + stack_len_);
  auto stack_off = Vals(stack);
  std::vector<fb::Frame> frames;
  frames.reserve(vm.frames_.size());
  for (const vm::Frame& f : vm.frames_) {
    const auto& code = f.proto->bc->code;
    frames.emplace_back(CellRef(f.closure), CellRef(f.proto), Ref(f.new_target),
                        CellRef(f.activation), Ref(f.site.aux), Ref(f.site.aux2),
                        static_cast<uint32_t>(f.pc - code.data()), f.base, f.argc,
                        static_cast<uint8_t>(f.site.kind), f.site.ret_reg, f.site.ret_transform,
                        f.site.job_kind, f.initial_async);
  }
  auto frames_off = fbb_.CreateVectorOfStructs(frames);
  std::vector<Offset<fb::Job>> jobs;
  for (const auto& j : vm.jobs_) {
    auto args = Vals(j.args);
    fb::Val fn = Ref(j.fn), self = Ref(j.this_value), derived = CellRef(j.derived),
            aux = Ref(j.aux);
    jobs.push_back(fb::CreateJob(fbb_, &fn, &self, args, &derived, j.special, &aux));
  }
  auto jobs_off = fbb_.CreateVector(jobs);
  std::vector<fb::HostCall> calls;
  for (const auto& [id, p] : vm.host_calls_) calls.emplace_back(id, IdOf(p));
  std::sort(calls.begin(), calls.end(),
            [](const fb::HostCall& a, const fb::HostCall& b) { return a.call_id() < b.call_id(); });
  auto calls_off = fbb_.CreateVectorOfStructs(calls);
  std::vector<fb::CowEntry> cow;
  for (auto& [from, to] : vm.cow_) cow.emplace_back(realm_.ids.at(from), IdOf(to));
  std::sort(cow.begin(), cow.end(), [](const fb::CowEntry& a, const fb::CowEntry& b) {
    return a.realm_id() < b.realm_id();
  });
  auto cow_off = fbb_.CreateVectorOfStructs(cow);
  std::vector<uint32_t> rejected;
  for (auto* p : vm.rejected_unhandled_) rejected.push_back(IdOf(p));
  auto rejected_off = fbb_.CreateVector(rejected);
  std::vector<Offset<fb::ErrorKind>> kinds;
  for (auto& [e, kind] : vm.error_kinds_)
    kinds.push_back(fb::CreateErrorKind(fbb_, IdOf(e), fbb_.CreateString(kind)));
  auto kinds_off = fbb_.CreateVector(kinds);
  auto extra_off = Vals(vm.extra_roots_);
  std::vector<fb::TemplateCache> templates;
  for (size_t p = 0; p < vm.loaded_protos_.size(); ++p) {
    const auto& cache = static_cast<vm::Proto*>(vm.loaded_protos_[p].AsHeap())->template_cache;
    for (size_t k = 0; k < cache.size(); ++k)
      if (!cache[k].IsUndefined())
        templates.emplace_back(Ref(cache[k]), static_cast<uint32_t>(p), static_cast<uint32_t>(k));
  }
  auto templates_off = fbb_.CreateVectorOfStructs(templates);
  fb::Val main_value = Ref(vm.main_value_);
  fb::Val uncaught = Ref(vm.has_uncaught_job_error_ ? vm.uncaught_job_error_ : Value::Undefined());
  Offset<fb::LuaState> lua_off = 0;
  if (vm.lua_run_) {
    std::vector<fb::LuaFrame> lua_frames;
    lua_frames.reserve(vm.frames_.size());
    for (const vm::Frame& f : vm.frames_)
      lua_frames.emplace_back(f.top, f.site.want, f.site.lua_flags);
    auto lua_frames_off = fbb_.CreateVectorOfStructs(lua_frames);
    auto tool_errors_off = fbb_.CreateVectorOfStrings(vm.lua_tool_errors_);
    const vm::CallSite& ws = vm.lua_wait_site_;
    fb::Frame wait_site(fb::Val(0, kTagNull), fb::Val(0, kTagNull), fb::Val(0, kTagUndefined),
                        fb::Val(0, kTagNull), Ref(ws.aux), Ref(ws.aux2), 0, 0, 0,
                        static_cast<uint8_t>(ws.kind), ws.ret_reg, ws.ret_transform, ws.job_kind,
                        false);
    lua_off = fb::CreateLuaState(fbb_, lua_frames_off, vm.lua_run_, vm.lua_next_id_,
                                 tool_errors_off, vm.lua_wait_active_, vm.lua_wait_call_id_,
                                 &wait_site, ws.want, ws.lua_flags);
  }
  const auto& rs = vm.random_.state();
  fb::RandomState random(rs[0], rs[1], rs[2], rs[3]);
  auto vm_off = fb::CreateVmState(
      fbb_, stack_off, frames_off, jobs_off, calls_off, vm.main_returned_, &main_value, cow_off,
      rejected_off, vm.promise_serial_, kinds_off, vm.steps_, vm.steps_until_check_,
      vm.has_uncaught_job_error_, &uncaught, extra_off, templates_off, lua_off, &random);
  if (!status_.ok()) return status_;

  // ---- host part, program, header
  std::vector<Offset<fb::CallEntry>> entries;
  for (const CallEntry& c : info.calls) {
    auto key = fbb_.CreateString(c.key);
    auto path = fbb_.CreateVectorOfStrings(c.path);
    auto input = fbb_.CreateString(c.input_json);
    auto durable = fbb_.CreateString(c.durable_data_json);
    auto settled = fbb_.CreateString(c.settled_text);
    auto kind = fbb_.CreateString(c.error_kind);
    entries.push_back(fb::CreateCallEntry(fbb_, c.call_id, key, path, static_cast<uint8_t>(c.state),
                                          input, durable, c.settled_ok, settled, kind));
  }
  auto entries_off = fbb_.CreateVector(entries);
  auto tool_calls = fbb_.CreateVectorOfStrings(info.tool_calls);
  auto logs = fbb_.CreateVectorOfStrings(info.logs);
  auto suggestions = fbb_.CreateVectorOfStrings(info.suggestions);
  auto time_zone = fbb_.CreateString(info.time_zone);
  // Absent when empty, so snapshots of runs without denials keep their bytes.
  auto denials = info.denials.empty() ? 0 : fbb_.CreateVectorOfStrings(info.denials);
  auto info_off = fb::CreateRunInfo(fbb_, info.active_ms, info.admitted_calls, info.output_bytes,
                                    info.next_call_id, info.timeout_ms, info.max_tool_calls,
                                    info.max_output_bytes, info.max_steps, info.max_memory_bytes,
                                    entries_off, tool_calls, logs, suggestions, time_zone, denials);
  auto source = fbb_.CreateString(info.source);
  auto program = fb::CreateProgram(fbb_, source, info.module_hash,
                                   static_cast<uint32_t>(vm.modules_[0]->protos.size()));
  auto language = fbb_.CreateString(info.language);
  auto run_id = fbb_.CreateString(info.run_id);
  auto header = fb::CreateHeader(fbb_, kFormatVersion, EngineBuildId(vm.realm()),
                                 info.extension_set_hash, language, run_id, info.created_at_ms);
  auto root = fb::CreateSnapshot(fbb_, header, program, info_off, heap, vm_off);
  fb::FinishSizePrefixedSnapshotBuffer(fbb_, root);
  size_t total = fbb_.GetSize() + 12;
  if (total > options.max_bytes)
    return absl::ResourceExhaustedError(
        absl::StrCat("snapshot: ", total, " bytes, over the limit of ", options.max_bytes));
  return Codec::Seal(
      std::string_view(reinterpret_cast<const char*>(fbb_.GetBufferPointer()), fbb_.GetSize()));
}

absl::StatusOr<std::string> Codec::Encode(vm::VM& vm, const RunInfo& info,
                                          const EncodeOptions& options) {
  const RealmTable& table = Table(vm.realm());
  NativeIds natives = Natives(vm.realm());
  Encoder e(vm, table, natives);
  if (absl::Status s = e.Discover(); !s.ok()) return s;
  return e.Write(info, options);
}

}  // namespace codemode::snapshot
