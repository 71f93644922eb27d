// Restoring a run (snapshot.h Restore): allocate every cell of the snapshot in a fresh VM, then fill
// them, checking every reference (section index in range, kind and C++ class as the field requires),
// then the VM state. Nothing the interpreter later trusts without a check is left unchecked here, except
// what only a data-flow analysis of the bytecode could prove (snapshot/README.md, "Trust").
#include <algorithm>
#include <bit>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "flatbuffers/flatbuffers.h"
#include "snapshot/codec.h"
#include "snapshot/snapshot_generated.h"
#include "snapshot/stream.h"
#include "vm/builtins/collections.h"
#include "vm/isa.h"
#include "vm/lua/table.h"
#include "vm/typed_array.h"

namespace codemode::snapshot {

namespace {

using vm::CellKind;
using vm::HeapCell;
using vm::Value;

// Masks of the snapshot tags a field accepts.
constexpr uint32_t Bit(int tag) { return 1u << tag; }
constexpr uint32_t kProgramValue = Bit(kTagUndefined) | Bit(kTagNull) | Bit(kTagBool) |
                                   Bit(kTagNumber) | Bit(kTagInt) | Bit(kTagString) |
                                   Bit(kTagSymbol) | Bit(kTagObject) | Bit(kTagBigInt);
constexpr uint32_t kWithEmpty = kProgramValue | Bit(kTagEmpty);
constexpr uint32_t kRegister = kWithEmpty | Bit(kTagCell);  // stack slots and saved registers
constexpr uint32_t kSlot = kWithEmpty | Bit(kTagAccessor);
// Restored objects keep up to this many property values inline (in their own pool cell).
constexpr uint32_t kMaxInlineSlots = 24;

template <typename T>
size_t Size(const flatbuffers::Vector<T>* v) {
  return v == nullptr ? 0 : v->size();
}

ByteReader Stream(const flatbuffers::Vector<uint8_t>* v) {
  return v == nullptr ? ByteReader() : ByteReader(v->data(), v->size());
}

}  // namespace

class Codec::Restorer {
 public:
  Restorer(const fb::Snapshot* s, const RealmTable& realm, NativeIds natives, vm::VM& vm)
      : s_(s), realm_(realm), natives_(std::move(natives)), vm_(vm) {}

  absl::Status Run(const bytecode::Module& module);

 private:
  bool Fail(std::string message) {
    if (error_.empty()) error_ = std::move(message);
    return false;
  }
  bool ok() const { return error_.empty(); }

  // Any reference or immediate allowed by `mask`; on error returns undefined and records it.
  Value Get(const fb::Val* v, uint32_t mask, const char* what);
  HeapCell* GetCell(const fb::Val* v, int tag, bool nullable, const char* what);
  vm::Object* GetObject(const fb::Val* v, bool nullable, const char* what) {
    return static_cast<vm::Object*>(GetCell(v, kTagObject, nullable, what));
  }
  // An object of C++ class `type` (or null when `nullable`).
  vm::Object* GetTyped(const fb::Val* v, ObjType type, bool nullable, const char* what);
  bool IsTyped(Value v, ObjType type) const {
    return v.IsObject() && Codec::TypeOf(v.AsObject()) == type;
  }
  bool CheckPc(const vm::Proto* p, uint32_t pc, const char* what);
  bool CheckResolvingNative(Value v, const char* what);
  bool CheckGeneration(Value v, const char* what);
  bool CheckJobAux(uint8_t special, Value aux, const char* what);

  bool AllocateStrings();
  bool AllocateCells();
  bool AllocateObjects();
  bool FillCells();
  bool FillObject(uint32_t index, ByteReader& bodies);
  bool RestoreState(const bytecode::Module& module);

  const fb::Snapshot* s_;
  const RealmTable& realm_;
  NativeIds natives_;
  vm::VM& vm_;
  std::string error_;
  std::vector<vm::String*> strings_;
  std::vector<vm::Symbol*> symbols_;
  std::vector<HeapCell*> bigints_;
  std::vector<vm::Shape*> shapes_;
  std::vector<vm::Cell*> cells_;
  std::vector<vm::Accessor*> accessors_;
  std::vector<vm::Object*> objects_;
  std::vector<ObjType> types_;  // per object
  std::vector<vm::Proto*> protos_;  // module order
  absl::flat_hash_map<const vm::Proto*, std::vector<bool>> boundaries_;
  // Coroutines' saved frames: pc offsets, checked once every closure is filled (CheckCoroutine).
  absl::flat_hash_map<const vm::LuaCoroutine*, std::vector<uint64_t>> coroutine_pcs_;
  bool ReadSite(ByteReader& r, vm::CallSite* s, const char* what);
  bool CheckCoroutine(vm::LuaCoroutine* co);
};

Value Codec::Restorer::Get(const fb::Val* v, uint32_t mask, const char* what) {
  if (v == nullptr) {
    if (mask & Bit(kTagUndefined)) return Value::Undefined();
    Fail(absl::StrCat(what, ": missing"));
    return Value::Undefined();
  }
  uint8_t tag = v->tag();
  int base = tag & ~kTagRealm;
  if (base > kTagShape || !(mask & Bit(base)) || ((tag & kTagRealm) && base < kTagString)) {
    Fail(absl::StrCat(what, ": unexpected value tag ", static_cast<int>(tag)));
    return Value::Undefined();
  }
  switch (base) {
    case kTagUndefined:
      return Value::Undefined();
    case kTagNull:
      return Value::Null();
    case kTagBool:
      if (v->bits() > 1) Fail(absl::StrCat(what, ": bad boolean"));
      return Value::Bool(v->bits() != 0);
    case kTagNumber: {
      double d;
      uint64_t bits = v->bits();
      std::memcpy(&d, &bits, sizeof d);
      return Value::Number(d);
    }
    case kTagInt:
      return Value::Int(static_cast<int64_t>(v->bits()));
    case kTagEmpty:
      return Value::Empty();
    default: {
      HeapCell* c = GetCell(v, base, false, what);
      if (c == nullptr) return Value::Undefined();
      switch (base) {
        case kTagString:
          return Value::FromString(static_cast<vm::String*>(c));
        case kTagSymbol:
          return Value::FromSymbol(static_cast<vm::Symbol*>(c));
        case kTagObject:
          return Value::FromObject(static_cast<vm::Object*>(c));
        case kTagBigInt:
          return Value::FromBigInt(static_cast<vm::BigInt*>(c));
        default:
          return Value::Internal(c);
      }
    }
  }
}

HeapCell* Codec::Restorer::GetCell(const fb::Val* v, int tag, bool nullable, const char* what) {
  if (v == nullptr || v->tag() == kTagNull) {
    if (!nullable) Fail(absl::StrCat(what, ": missing"));
    return nullptr;
  }
  uint64_t bits = v->bits();
  if (v->tag() == (tag | kTagRealm)) {
    if (bits >= realm_.cells.size()) {
      Fail(absl::StrCat(what, ": realm id ", bits, " out of range"));
      return nullptr;
    }
    HeapCell* c = realm_.cells[bits];
    static constexpr CellKind kKinds[] = {
        CellKind::kString, CellKind::kSymbol, CellKind::kObject, CellKind::kBigInt,
        CellKind::kCell,   CellKind::kAccessor, CellKind::kProto, CellKind::kShape};
    if (c->cell_kind() != kKinds[tag - kTagString]) {
      Fail(absl::StrCat(what, ": realm id ", bits, " is not of the expected kind"));
      return nullptr;
    }
    return c;
  }
  if (v->tag() != tag) {
    Fail(absl::StrCat(what, ": unexpected value tag ", static_cast<int>(v->tag())));
    return nullptr;
  }
  auto pick = [&](auto& section) -> HeapCell* {
    if (bits >= section.size()) {
      Fail(absl::StrCat(what, ": id ", bits, " out of range"));
      return nullptr;
    }
    return section[bits];
  };
  switch (tag) {
    case kTagString:
      return pick(strings_);
    case kTagSymbol:
      return pick(symbols_);
    case kTagObject:
      return pick(objects_);
    case kTagCell:
      return pick(cells_);
    case kTagAccessor:
      return pick(accessors_);
    case kTagProto:
      return pick(protos_);
    case kTagShape:
      return pick(shapes_);
    case kTagBigInt:
      return pick(bigints_);
    default:
      Fail(absl::StrCat(what, ": unexpected value tag ", tag));
      return nullptr;
  }
}

vm::Object* Codec::Restorer::GetTyped(const fb::Val* v, ObjType type, bool nullable, const char* what) {
  vm::Object* o = GetObject(v, nullable, what);
  if (o != nullptr && Codec::TypeOf(o) != type) {
    Fail(absl::StrCat(what, ": an object of the wrong class"));
    return nullptr;
  }
  return o;
}

bool Codec::Restorer::CheckPc(const vm::Proto* p, uint32_t pc, const char* what) {
  const auto& code = p->bc->code;
  auto [it, inserted] = boundaries_.try_emplace(p);
  if (inserted) {
    it->second.assign(code.size(), false);
    for (size_t i = 0; i < code.size();) {
      it->second[i] = true;
      auto op = static_cast<unsigned>(isa::GetOp(code[i]));
      i += op < static_cast<unsigned>(isa::Op::kCount) ? isa::InstrWords(static_cast<isa::Op>(op)) : 1;
    }
  }
  if (pc >= code.size() || !it->second[pc])
    return Fail(absl::StrCat(what, ": pc ", pc, " is not an instruction of its function"));
  return true;
}

// The resolving functions of VM::CreateResolvingFunctions read data = [promise, alreadyResolved].
bool Codec::Restorer::CheckResolvingNative(Value v, const char* what) {
  if (!v.IsObject()) return true;
  if (!IsTyped(v, ObjType::kNative) ||
      static_cast<vm::NativeFunction*>(v.AsObject())->fn != vm::ResolvingFunctionNative())
    return Fail(absl::StrCat(what, ": not a promise resolving function"));
  return true;
}

// Map/Set generation records (vm/builtins/collections.cc): arrays linked through element 0.
bool Codec::Restorer::CheckGeneration(Value v, const char* what) {
  for (size_t n = 0; v.IsObject(); ++n) {
    if (!IsTyped(v, ObjType::kArray) || n > objects_.size())
      return Fail(absl::StrCat(what, ": bad collection generation record"));
    auto& el = v.AsObject()->elements_;
    v = el.empty() ? Value::Undefined() : el[0];
  }
  return true;
}

// Jobs and reactions (VM::RunJob, CompleteCall): kind 4 resumes the activation in aux; kind 2 rejects
// through the resolving function in aux.
bool Codec::Restorer::CheckJobAux(uint8_t special, Value aux, const char* what) {
  uint8_t kind = special & 0x7F;
  if (kind > 4) return Fail(absl::StrCat(what, ": unknown job kind"));
  if (kind == 4 && !IsTyped(aux, ObjType::kActivation))
    return Fail(absl::StrCat(what, ": resume job without an activation"));
  if (kind == 2) return CheckResolvingNative(aux, what);
  return true;
}

// A call site saved in a coroutine: a Lua call in a frame, or a coroutine's bottom (kCoroutine).
bool Codec::Restorer::ReadSite(ByteReader& r, vm::CallSite* s, const char* what) {
  uint8_t kind = r.Byte();
  s->ret_reg = r.Byte();
  s->ret_transform = r.Byte();
  s->job_kind = r.Byte();
  int64_t want = r.Signed();
  uint8_t flags = r.Byte();
  if ((kind != static_cast<uint8_t>(vm::CallSite::Kind::kCall) &&
       kind != static_cast<uint8_t>(vm::CallSite::Kind::kCoroutine)) ||
      want < -1 || want > INT16_MAX || ((flags & ~7) != 0 && !(flags & vm::kLuaProtected)) ||
      s->ret_transform > 3)
    return Fail(absl::StrCat(what, ": bad call site"));
  s->kind = static_cast<vm::CallSite::Kind>(kind);
  s->want = static_cast<int16_t>(want);
  s->lua_flags = flags;
  fb::Val v = r.Val();
  s->aux = Get(&v, kProgramValue, what);
  v = r.Val();
  s->aux2 = Get(&v, kProgramValue, what);
  if (s->kind == vm::CallSite::Kind::kCoroutine && !s->aux.IsObject())
    return Fail(absl::StrCat(what, ": a coroutine site without its coroutine"));
  return ok();
}

// A coroutine's saved frames against its stack slice and its state (vm/lua/coroutine.h): bases
// increasing inside the slice, pcs at instructions, the bottom frame's site naming this coroutine.
bool Codec::Restorer::CheckCoroutine(vm::LuaCoroutine* co) {
  using State = vm::LuaCoroutine::State;
  using Kind = vm::CallSite::Kind;
  const std::vector<uint64_t>& pcs = coroutine_pcs_[co];
  const bool has_frames = !co->frames.empty();
  if (has_frames && co->state != State::kSuspended && co->state != State::kDead)
    return Fail("coroutine: frames in a coroutine that is not suspended");
  if (!has_frames && !co->stack.empty()) return Fail("coroutine: a stack without frames");
  auto names = [&](const vm::CallSite& s, vm::LuaCoroutine* who) {
    return s.kind == Kind::kCoroutine && s.aux.IsObject() && s.aux.AsObject() == who;
  };
  uint32_t prev = 0;
  for (size_t i = 0; i < co->frames.size(); ++i) {
    vm::Frame& f = co->frames[i];
    f.proto = f.closure->proto_fn;
    if (f.proto == nullptr || f.proto->bc == nullptr) return Fail("coroutine: frame without code");
    if (pcs[i] > UINT32_MAX || !CheckPc(f.proto, static_cast<uint32_t>(pcs[i]), "coroutine frame"))
      return Fail("coroutine: bad frame pc");
    f.pc = f.proto->bc->code.data() + pcs[i];
    if (f.base <= prev ||
        static_cast<size_t>(f.base) + f.proto->bc->num_regs > co->stack.size())
      return Fail("coroutine: frame registers outside its stack");
    prev = f.base;
    if (f.top != 0 && (f.top < f.base || f.top > co->stack.size()))
      return Fail("coroutine: frame top outside its stack");
    if (i == 0 ? !names(f.site, co) : f.site.kind != Kind::kCall)
      return Fail("coroutine: bad frame call site");
  }
  for (const vm::CallSite* s : {&co->resume_site, &co->yield_site})
    if (s->kind == Kind::kCoroutine && !IsTyped(s->aux, ObjType::kLuaThread))
      return Fail("coroutine: a call site without its coroutine");
  if (co->state == State::kSuspended &&
      (has_frames ? co->yield_site.kind != Kind::kCall : !names(co->yield_site, co)))
    return Fail("coroutine: bad yield site");
  return true;
}

bool Codec::Restorer::AllocateStrings() {
  const fb::StringTable* t = s_->heap()->strings();
  if (t == nullptr) return true;
  ByteReader heads = Stream(t->heads());
  const auto* latin1 = t->latin1();
  const auto* utf16 = t->utf16();
  size_t one = 0, two = 0;
  strings_.reserve(heads.remaining());
  absl::flat_hash_set<vm::String*> atoms;
  vm::Heap& heap = vm_.heap();
  while (!heads.at_end()) {
    uint64_t head = heads.Varint();
    if (!heads.ok()) return Fail("string table: bad lengths");
    uint64_t len = head >> 2;
    uint8_t flags = head & 3;
    if (len > vm_.limits().max_string_length) return Fail("string table: string too long");
    vm::String* s;
    if (flags & 1) {
      if (len > Size(utf16) - two) return Fail("string table: contents too short");
      // FlatBuffers data is little-endian, like the host (static_assert below); Open checked alignment.
      static_assert(std::endian::native == std::endian::little);
      std::u16string_view units(reinterpret_cast<const char16_t*>(utf16->data()) + two, len);
      two += len;
      if (vm::FitsOneByte(units)) return Fail("string table: a two-byte string fits one byte");
      s = vm::NewFlatString(heap, units);
    } else {
      if (len > Size(latin1) - one) return Fail("string table: contents too short");
      s = vm::NewFlatString(
          heap, std::string_view(reinterpret_cast<const char*>(latin1->data()) + one, len));
      one += len;
    }
    if (flags & 2) {
      // A run-local atom: the module's own atoms (made again by LoadModule) take its place.
      vm::String* a = vm_.Intern(s);
      if (a->is_shared()) return Fail("string table: a run atom duplicates a realm atom");
      if (!atoms.insert(a).second) return Fail("string table: an atom appears twice");
      s = a;
    }
    strings_.push_back(s);
  }
  if (one != Size(latin1) || two != Size(utf16)) return Fail("string table: unused contents");
  return true;
}

bool Codec::Restorer::AllocateCells() {
  const fb::Heap* h = s_->heap();
  vm::Heap& heap = vm_.heap();
  for (size_t i = 0; i < Size(h->symbols()); ++i)
    symbols_.push_back(heap.Alloc<vm::Symbol>(Value::Undefined()));
  if (h->bigints() != nullptr) {
    ByteReader r = Stream(h->bigints());
    uint64_t count = r.Count();
    for (uint64_t i = 0; i < count && r.ok(); ++i) {
      uint64_t head = r.Varint();
      uint64_t limbs = head >> 1;
      if (!r.ok() || limbs > r.remaining() / 8 || limbs * 64 > vm::bigint::kMaxBits + 64)
        return Fail("bigint: bad size");
      vm::bigint::Num n;
      n.neg = (head & 1) != 0;
      n.mag.reserve(limbs);
      for (uint64_t k = 0; k < limbs; ++k) n.mag.push_back(r.Fixed64());
      // Written normalized: a high zero limb or a negative zero is a doctored snapshot.
      if ((limbs != 0 && n.mag.back() == 0) || (limbs == 0 && n.neg) ||
          vm::bigint::BitLength(n) > vm::bigint::kMaxBits)
        return Fail("bigint: not normalized");
      bigints_.push_back(heap.Alloc<vm::BigInt>(std::move(n)));
    }
    if (!r.ok() || !r.at_end()) return Fail("bigint: bad stream");
  }
  size_t nshapes = h->shape_count();
  if (nshapes < 2) return Fail("the VM's root shapes are missing");
  // Every shape takes at least two bytes (dictionary flag, count).
  if (nshapes > Size(h->shapes()) / 2) return Fail("shape: count does not match the stream");
  shapes_.push_back(vm_.empty_shape_);
  shapes_.push_back(vm_.function_shape_);
  for (size_t i = 2; i < nshapes; ++i) shapes_.push_back(heap.Alloc<vm::Shape>());
  // Cells are counted by reading their values' tags (a value takes at least one byte).
  ByteReader cells = Stream(h->cells());
  while (!cells.at_end()) {
    cells.Val();
    cells_.push_back(heap.Alloc<vm::Cell>(Value::Undefined()));
  }
  if (!cells.ok()) return Fail("cell: malformed stream");
  for (size_t i = 0; i < Size(h->accessors()); ++i)
    accessors_.push_back(heap.Alloc<vm::Accessor>(Value::Undefined(), Value::Undefined()));
  return true;
}

bool Codec::Restorer::AllocateObjects() {
  using vm::ObjectClass;
  const fb::Heap* h = s_->heap();
  ByteReader heads = Stream(h->object_heads());
  vm::Heap& heap = vm_.heap();
  size_t count = h->object_count();
  // Every object takes at least two head bytes: a count the heads cannot back is corrupt.
  if (count > heads.remaining() / 2) return Fail("object: count does not match the heads");
  objects_.reserve(count);
  types_.reserve(count);
  // Each object's slot count (the first fields of its body: flags, shape, prototype, slot count), so
  // that its property values are allocated with it (Heap::AllocWithSlots) instead of by a malloc per
  // object when the body is read. Only a size hint: FillObject reads and checks every body again, and
  // a body that cannot be read here gets no inline slots.
  std::vector<uint8_t> inline_slots(count, 0);
  {
    ByteReader bodies = Stream(h->object_bodies());
    for (size_t i = 0; i < count && bodies.ok(); ++i) {
      uint64_t len = bodies.Varint();
      if (!bodies.ok() || len > bodies.remaining()) break;
      ByteReader r(bodies.position(), len);
      bodies.Skip(len);
      r.Byte();
      r.Val();
      r.Val();
      uint32_t n = r.Count();
      if (r.ok()) inline_slots[i] = static_cast<uint8_t>(std::min<uint32_t>(n, kMaxInlineSlots));
    }
  }
  for (size_t i = 0; i < count; ++i) {
    const uint32_t slots = inline_slots[i];
    auto type = static_cast<ObjType>(heads.Byte());
    uint8_t klass_byte = heads.Byte();
    if (klass_byte > static_cast<uint8_t>(ObjectClass::kDataView))
      return Fail("object: unknown class");
    auto klass = static_cast<ObjectClass>(klass_byte);
    bool klass_ok = false;
    vm::Object* o = nullptr;
    switch (type) {
      case ObjType::kPlain:
        klass_ok = klass != ObjectClass::kArray && klass != ObjectClass::kFunction &&
                   klass != ObjectClass::kPromise && klass != ObjectClass::kMap &&
                   klass != ObjectClass::kSet && klass != ObjectClass::kWeakMap &&
                   klass != ObjectClass::kWeakSet && klass != ObjectClass::kIterator &&
                   klass != ObjectClass::kAsyncState && klass != ObjectClass::kGenerator &&
                   klass != ObjectClass::kLuaTable && klass != ObjectClass::kLuaThread &&
                   klass != ObjectClass::kArrayBuffer && klass != ObjectClass::kTypedArray &&
                   klass != ObjectClass::kDataView;
        o = heap.AllocWithSlots<vm::Object>(slots, klass, nullptr, nullptr);
        break;
      case ObjType::kArray:
        klass_ok = klass == ObjectClass::kArray;
        o = heap.AllocWithSlots<vm::ArrayObject>(slots, nullptr, nullptr);
        break;
      case ObjType::kClosure:
        klass_ok = klass == ObjectClass::kFunction;
        o = heap.AllocWithSlots<vm::Closure>(slots, nullptr, nullptr, nullptr);
        break;
      case ObjType::kNative: {
        klass_ok = klass == ObjectClass::kFunction;
        uint64_t id = heads.Varint();
        int64_t magic = heads.Signed();
        if (id >= natives_.fns.size()) return Fail("object: unknown native function id");
        if (magic < INT32_MIN || magic > INT32_MAX) return Fail("object: bad native magic");
        o = heap.AllocWithSlots<vm::NativeFunction>(slots, nullptr, nullptr, natives_.fns[id],
                                           static_cast<int>(magic));
        break;
      }
      case ObjType::kBound:
        klass_ok = klass == ObjectClass::kFunction;
        o = heap.AllocWithSlots<vm::BoundFunction>(slots, nullptr, nullptr);
        break;
      case ObjType::kPromise:
        klass_ok = klass == ObjectClass::kPromise;
        o = heap.AllocWithSlots<vm::PromiseObject>(slots, nullptr, nullptr);
        break;
      case ObjType::kMap:
        klass_ok = klass == ObjectClass::kMap || klass == ObjectClass::kSet ||
                   klass == ObjectClass::kWeakMap || klass == ObjectClass::kWeakSet;
        o = heap.AllocWithSlots<vm::MapObject>(slots, klass, nullptr, nullptr);
        break;
      case ObjType::kIterator: {
        klass_ok = klass == ObjectClass::kIterator;
        uint8_t kind = heads.Byte();
        if (kind > static_cast<uint8_t>(vm::IteratorObject::Kind::kForIn))
          return Fail("object: unknown iterator kind");
        o = heap.AllocWithSlots<vm::IteratorObject>(slots, nullptr, nullptr,
                                           static_cast<vm::IteratorObject::Kind>(kind));
        break;
      }
      case ObjType::kActivation:
        klass_ok = klass == ObjectClass::kAsyncState || klass == ObjectClass::kGenerator;
        o = heap.AllocWithSlots<vm::ActivationObject>(slots, klass, nullptr, nullptr);
        break;
      case ObjType::kLuaTable:
        klass_ok = klass == ObjectClass::kLuaTable;
        o = heap.AllocWithSlots<vm::LuaTable>(slots, nullptr);
        break;
      case ObjType::kLuaThread:
        klass_ok = klass == ObjectClass::kLuaThread;
        o = heap.AllocWithSlots<vm::LuaCoroutine>(slots, nullptr);
        break;
      case ObjType::kArrayBuffer:
        klass_ok = klass == ObjectClass::kArrayBuffer;
        o = heap.AllocWithSlots<vm::ArrayBufferObject>(slots, nullptr, nullptr);
        break;
      case ObjType::kTypedArray: {
        uint8_t kind = heads.Byte();
        if (kind > static_cast<uint8_t>(vm::TypedKind::kBigUint64))
          return Fail("object: unknown typed array kind");
        auto k = static_cast<vm::TypedKind>(kind);
        klass_ok = klass == (k == vm::TypedKind::kDataView ? ObjectClass::kDataView
                                                           : ObjectClass::kTypedArray);
        o = heap.AllocWithSlots<vm::TypedArrayObject>(slots, klass, nullptr, nullptr, k);
        break;
      }
      default:
        return Fail("object: unknown type");
    }
    if (!klass_ok) return Fail("object: class does not match its type");
    objects_.push_back(o);
    types_.push_back(type);
  }
  if (!heads.ok() || !heads.at_end()) return Fail("object: bad heads");
  return true;
}

bool Codec::Restorer::FillCells() {
  const fb::Heap* h = s_->heap();
  for (size_t i = 0; i < symbols_.size(); ++i) {
    const fb::SymbolCell* c = h->symbols()->Get(i);
    symbols_[i]->description_ =
        Get(&c->description(), Bit(kTagUndefined) | Bit(kTagString), "symbol description");
    if (c->flags() > 7) return Fail("symbol: bad flags");
    symbols_[i]->registered = (c->flags() & 1) != 0;
    symbols_[i]->private_kind = static_cast<uint8_t>(c->flags() >> 1);
  }
  ByteReader shapes = Stream(h->shapes());
  for (size_t i = 0; i < shapes_.size() && ok(); ++i) {
    uint8_t dictionary = shapes.Byte();
    if (dictionary > 1) return Fail("shape: bad dictionary flag");
    size_t n = shapes.Count();
    std::vector<vm::Shape::Entry> entries;
    entries.reserve(n);
    absl::flat_hash_set<HeapCell*> seen;
    for (size_t k = 0; k < n; ++k) {
      fb::Val v = shapes.Val();
      Value key = Get(&v, Bit(kTagString) | Bit(kTagSymbol), "shape key");
      if (!ok()) return false;
      if (key.IsString() && !key.AsString()->is_atom()) return Fail("shape: key is not an atom");
      uint8_t attrs = shapes.Byte();
      if (attrs > 15) return Fail("shape: bad attributes");
      if (!seen.insert(key.AsHeap()).second) return Fail("shape: duplicate key");
      entries.push_back({key.AsHeap(), attrs});
    }
    if (!shapes.ok()) return Fail("shape: malformed stream");
    vm::Shape* s = shapes_[i];
    if (i < 2) {
      // The fresh VM's own root shapes: the snapshot must describe the same ones.
      bool same = entries.size() == s->entries_.size() && (dictionary != 0) == s->dictionary_;
      for (size_t k = 0; same && k < entries.size(); ++k)
        same = entries[k].key == s->entries_[k].key && entries[k].attrs == s->entries_[k].attrs;
      if (!same) return Fail("shape: root shapes differ");
      continue;
    }
    s->entries_ = std::move(entries);
    s->dictionary_ = dictionary != 0;
    s->BuildIndex();
    vm_.heap().Account(static_cast<int64_t>(s->ExtraBytes()));
  }
  if (!shapes.at_end()) return Fail("shape: unused stream bytes");
  ByteReader cells = Stream(h->cells());
  for (size_t i = 0; i < cells_.size(); ++i) {
    fb::Val v = cells.Val();
    cells_[i]->value = Get(&v, kWithEmpty, "cell");
  }
  for (size_t i = 0; i < accessors_.size(); ++i) {
    const fb::AccessorCell* c = h->accessors()->Get(static_cast<flatbuffers::uoffset_t>(i));
    accessors_[i]->getter = Get(&c->getter(), Bit(kTagUndefined) | Bit(kTagObject), "getter");
    accessors_[i]->setter = Get(&c->setter(), Bit(kTagUndefined) | Bit(kTagObject), "setter");
  }
  return ok();
}

bool Codec::Restorer::FillObject(uint32_t index, ByteReader& bodies) {
  uint64_t len = bodies.Varint();
  if (!bodies.ok() || len > bodies.remaining()) return Fail("object: truncated body");
  ByteReader r(bodies.position(), len);
  bodies.Skip(len);
  vm::Object* o = objects_[index];
  ObjType type = types_[index];
  uint8_t flags = r.Byte();
  if (flags > 63) return Fail("object: bad flags");
  fb::Val v = r.Val();
  o->shape_ = static_cast<vm::Shape*>(GetCell(&v, kTagShape, false, "object shape"));
  v = r.Val();
  o->proto_ = GetObject(&v, true, "object prototype");
  if (!ok()) return false;
  o->extensible_ = flags & 1;
  o->frozen_elements_ = flags & 2;
  o->sealed_elements_ = flags & 4;
  const auto& shape_entries = o->shape_->entries_;
  if (r.Count() != shape_entries.size()) return Fail("object: slot count does not match its shape");
  o->slots_.resize(shape_entries.size());
  for (size_t i = 0; i < shape_entries.size(); ++i) {
    bool accessor = shape_entries[i].attrs & vm::kAccessorProp;
    v = r.Val();
    o->slots_[i] = Get(&v, accessor ? Bit(kTagAccessor) : kWithEmpty, "object slot");
  }
  uint32_t n = r.Count();
  o->elements_.reserve(n);
  for (uint32_t i = 0; i < n; ++i) {
    v = r.Val();
    o->elements_.push_back(Get(&v, kWithEmpty, "element"));
  }
  n = r.Count();
  if (n > 0) {
    auto& sparse = o->EnsureSparse();
    for (uint32_t i = 0; i < n && r.ok(); ++i) {
      uint64_t at = r.Varint();
      uint8_t attrs = r.Byte();
      if (at > UINT32_MAX) return Fail("object: bad sparse index");
      if (attrs > 15) return Fail("object: bad element attributes");
      bool accessor = attrs & vm::kAccessorProp;
      v = r.Val();
      Value x = Get(&v, accessor ? Bit(kTagAccessor) : kProgramValue, "sparse element");
      if (!sparse.emplace(static_cast<uint32_t>(at), std::make_pair(x, attrs)).second)
        return Fail("object: duplicate sparse index");
    }
  }
  v = r.Val();
  o->internal_ = Get(&v, kWithEmpty, "internal slot");
  if (o->klass_ == vm::ObjectClass::kFunction) {
    auto* f = static_cast<vm::FunctionObject*>(o);
    f->is_constructor = flags & 8;
    f->prototype_pending = flags & 16;
  }
  auto bool_byte = [&](const char* what) {
    uint8_t b = r.Byte();
    if (b > 1) Fail(absl::StrCat(what, ": bad boolean"));
    return b != 0;
  };
  switch (type) {
    case ObjType::kArray: {
      auto* a = static_cast<vm::ArrayObject*>(o);
      uint64_t length = r.Varint();
      if (length > UINT32_MAX) return Fail("array: bad length");
      a->length = static_cast<uint32_t>(length);
      a->length_writable = flags & 32;
      if (a->elements_.size() > a->length) return Fail("array: more elements than its length");
      break;
    }
    case ObjType::kClosure: {
      auto* cl = static_cast<vm::Closure*>(o);
      v = r.Val();
      cl->proto_fn = static_cast<vm::Proto*>(GetCell(&v, kTagProto, false, "closure function"));
      if (!ok()) return false;
      if (cl->proto_fn->bc == nullptr) return Fail("closure: function without code");
      n = r.Count();
      if (n != cl->proto_fn->bc->upvalues.size())
        return Fail("closure: captured variables do not match its function");
      cl->upvals.reserve(n);
      for (size_t k = 0; k < n; ++k) {
        v = r.Val();
        auto* cell = static_cast<vm::Cell*>(GetCell(&v, kTagCell, false, "captured variable"));
        if (cell == nullptr) return false;
        cl->upvals.push_back(cell);
      }
      v = r.Val();
      cl->home_object = GetObject(&v, true, "home object");
      break;
    }
    case ObjType::kNative: {
      auto* nf = static_cast<vm::NativeFunction*>(o);
      v = r.Val();
      nf->data = Get(&v, kProgramValue, "native data");
      break;
    }
    case ObjType::kBound: {
      auto* b = static_cast<vm::BoundFunction*>(o);
      v = r.Val();
      b->target = Get(&v, Bit(kTagObject), "bound target");
      v = r.Val();
      b->bound_this = Get(&v, kProgramValue, "bound this");
      n = r.Count();
      for (uint32_t k = 0; k < n; ++k) {
        v = r.Val();
        b->bound_args.push_back(Get(&v, kProgramValue, "bound argument"));
      }
      break;
    }
    case ObjType::kPromise: {
      auto* p = static_cast<vm::PromiseObject*>(o);
      uint8_t state = r.Byte();
      if (state > 2) return Fail("promise: bad state");
      p->state = static_cast<vm::PromiseObject::State>(state);
      v = r.Val();
      p->result = Get(&v, kProgramValue, "promise result");
      p->handled = bool_byte("promise");
      p->already_resolved = bool_byte("promise");
      p->serial = r.Varint();
      auto reactions = [&](std::vector<vm::PromiseReaction>* out) {
        uint32_t count = r.Count();
        for (uint32_t k = 0; k < count && r.ok(); ++k) {
          vm::PromiseReaction x;
          v = r.Val();
          x.capability = Get(&v, Bit(kTagUndefined) | Bit(kTagObject), "reaction");
          if (x.capability.IsObject() && !IsTyped(x.capability, ObjType::kPromise))
            Fail("reaction: the derived promise is not a promise");
          v = r.Val();
          x.handler = Get(&v, kProgramValue, "reaction handler");
          v = r.Val();
          x.aux = Get(&v, kProgramValue, "reaction data");
          x.type = r.Byte();
          x.special = r.Byte();
          if (x.type > 1) Fail("reaction: bad type");
          CheckJobAux(x.special, x.aux, "reaction");
          out->push_back(x);
        }
      };
      reactions(&p->fulfill_reactions);
      reactions(&p->reject_reactions);
      break;
    }
    case ObjType::kMap: {
      auto* m = static_cast<vm::MapObject*>(o);
      n = r.Count();
      if (n > vm::kMaxCollectionSize) return Fail("map: too many entries");
      uint32_t live = 0;
      m->entries.reserve(n);
      for (uint32_t k = 0; k < n; ++k) {
        v = r.Val();
        Value key = Get(&v, kWithEmpty, "map key");
        v = r.Val();
        Value value = Get(&v, kWithEmpty, "map value");
        if (!key.IsEmpty()) ++live;
        m->entries.push_back({key, value});
      }
      if (r.Varint() != live) return Fail("map: wrong live count");
      m->live = live;
      break;
    }
    case ObjType::kArrayBuffer: {
      auto* b = static_cast<vm::ArrayBufferObject*>(o);
      uint64_t size = r.Varint();
      if (size > r.remaining()) return Fail("array buffer: truncated bytes");
      const uint8_t* p = r.position();
      b->data.assign(p, p + size);
      r.Skip(size);
      vm_.heap().Account(static_cast<int64_t>(b->data.capacity()));
      break;
    }
    case ObjType::kTypedArray: {
      auto* t = static_cast<vm::TypedArrayObject*>(o);
      uint64_t offset = r.Varint(), length = r.Varint();
      if (offset > UINT32_MAX || length > UINT32_MAX) return Fail("typed array: bad range");
      t->byte_offset = static_cast<uint32_t>(offset);
      t->length = static_cast<uint32_t>(length);
      break;
    }
    case ObjType::kIterator: {
      auto* it = static_cast<vm::IteratorObject*>(o);
      it->done = bool_byte("iterator");
      v = r.Val();
      it->target = Get(&v, kProgramValue, "iterator target");
      it->pos = r.Varint();
      n = r.Count();
      for (uint32_t k = 0; k < n; ++k) {
        v = r.Val();
        it->keys.push_back(Get(&v, kWithEmpty, "iterator key"));
      }
      break;
    }
    case ObjType::kLuaTable: {
      auto* t = static_cast<vm::LuaTable*>(o);
      v = r.Val();
      t->metatable =
          static_cast<vm::LuaTable*>(GetTyped(&v, ObjType::kLuaTable, true, "metatable"));
      t->flags = r.Byte();
      if (t->flags > (vm::LuaTable::kJsonArray | vm::LuaTable::kReadOnly))
        return Fail("lua table: bad flags");
      n = r.Count();
      t->arr.reserve(n);
      for (uint32_t k = 0; k < n; ++k) {
        v = r.Val();
        t->arr.push_back(Get(&v, kProgramValue, "lua table item"));
      }
      // The array part never ends with nil (LuaTable::TrimArray), so its size is a border.
      if (!t->arr.empty() && t->arr.back().IsUndefined()) return Fail("lua table: bad array part");
      n = r.Count();
      t->entries.reserve(n);
      t->live = 0;
      for (uint32_t k = 0; k < n && r.ok(); ++k) {
        v = r.Val();
        Value key = Get(&v, kWithEmpty, "lua table key");
        v = r.Val();
        Value value = Get(&v, kProgramValue, "lua table value");
        // Keys are normalized, never nil or NaN, and live integer keys stay outside the array part
        // and its successor (vm/lua/table.h invariants). <empty> marks an entry whose key moved to
        // the array part; it holds nothing.
        if (key.IsEmpty() ? !value.IsUndefined()
                          : key.IsUndefined() || (key.IsNumber() && key.AsNumber() != key.AsNumber()) ||
                                !vm::LuaTable::NormalizeKey(key).RawEquals(key))
          return Fail("lua table: bad key");
        if (key.IsInt() && !value.IsUndefined() && key.AsInt() >= 1 &&
            static_cast<uint64_t>(key.AsInt()) <= t->arr.size() + 1)
          return Fail("lua table: integer key inside the array part");
        if (!value.IsUndefined()) ++t->live;
        t->entries.push_back({key, value});
      }
      if (!ok()) return false;
      t->Rehash();
      // Each live key once (a removed key's entry may stay behind as nil; only live ones are found).
      for (const auto& e : t->entries)
        if (!e.value.IsUndefined() && !t->Get(e.key).RawEquals(e.value))
          return Fail("lua table: duplicate key");
      break;
    }
    case ObjType::kLuaThread: {
      auto* co = static_cast<vm::LuaCoroutine*>(o);
      uint8_t state = r.Byte(), mode = r.Byte(), bits = r.Byte();
      if (state > vm::LuaCoroutine::kMaxState || mode > vm::LuaCoroutine::kMaxMode || bits > 7)
        return Fail("coroutine: bad state");
      if (bits & 1) return Fail("coroutine: a main thread outside the realm");
      co->state = static_cast<vm::LuaCoroutine::State>(state);
      co->mode = static_cast<vm::LuaCoroutine::Mode>(mode);
      co->from_native = bits & 2;
      co->has_error = bits & 4;
      uint64_t depth = r.Varint();
      if (depth > vm::LuaCoroutine::kMaxNesting) return Fail("coroutine: bad depth");
      co->depth = static_cast<uint32_t>(depth);
      v = r.Val();
      co->fn = Get(&v, kProgramValue, "coroutine body");
      v = r.Val();
      co->error = Get(&v, kProgramValue, "coroutine error");
      if (!ReadSite(r, &co->resume_site, "coroutine resume site") ||
          !ReadSite(r, &co->yield_site, "coroutine yield site"))
        return false;
      n = r.Count();
      if (n > vm_.limits().max_call_depth + 1) return Fail("coroutine: too many frames");
      std::vector<uint64_t>& pcs = coroutine_pcs_[co];
      co->frames.resize(n);
      for (uint32_t k = 0; k < n && ok(); ++k) {
        vm::Frame& f = co->frames[k];
        v = r.Val();
        f.closure =
            static_cast<vm::Closure*>(GetTyped(&v, ObjType::kClosure, false, "coroutine frame"));
        pcs.push_back(r.Varint());
        uint64_t base = r.Varint(), argc = r.Varint(), top = r.Varint();
        if (base > (1u << 24) || argc > UINT32_MAX || top > (1u << 24))
          return Fail("coroutine: bad frame");
        f.base = static_cast<uint32_t>(base);
        f.argc = static_cast<uint32_t>(argc);
        f.top = static_cast<uint32_t>(top);
        if (!ReadSite(r, &f.site, "coroutine frame site")) return false;
        v = r.Val();
        f.new_target = Get(&v, kProgramValue, "coroutine frame");
      }
      n = r.Count();
      if (n > (1u << 24)) return Fail("coroutine: stack too large");
      co->stack.reserve(n);
      for (uint32_t k = 0; k < n && ok(); ++k) {
        v = r.Val();
        co->stack.push_back(Get(&v, kRegister, "coroutine stack"));
      }
      break;
    }
    case ObjType::kActivation: {
      auto* a = static_cast<vm::ActivationObject*>(o);
      v = r.Val();
      a->closure = Get(&v, Bit(kTagObject), "activation closure");
      n = r.Count();
      if (n > isa::kMaxRegisters + 1) return Fail("activation: bad registers");
      for (uint32_t k = 0; k < n; ++k) {
        v = r.Val();
        a->registers.push_back(Get(&v, kRegister, "register"));
      }
      uint64_t pc = r.Varint();
      if (pc > UINT32_MAX) return Fail("activation: bad pc");
      a->pc = static_cast<uint32_t>(pc);
      v = r.Val();
      a->new_target = Get(&v, kProgramValue, "new.target");
      v = r.Val();
      a->promise = Get(&v, Bit(kTagUndefined) | Bit(kTagObject), "activation promise");
      a->resume_reg = r.Byte();
      uint64_t argc = r.Varint();
      if (argc > UINT32_MAX) return Fail("activation: bad argc");
      a->argc = static_cast<uint32_t>(argc);
      a->running = bool_byte("activation");
      a->finished = bool_byte("activation");
      break;
    }
    default:
      break;
  }
  if (!r.ok() || !r.at_end()) return Fail("object: malformed body");
  return ok();
}

bool Codec::Restorer::RestoreState(const bytecode::Module& module) {
  const fb::VmState* st = s_->vm();
  vm::VM& vm = vm_;
  // Second pass over objects: checks that need every cell filled.
  for (vm::Object* o : objects_) {
    switch (Codec::TypeOf(o)) {
      case ObjType::kNative: {
        auto* n = static_cast<vm::NativeFunction*>(o);
        if (n->fn == vm::ResolvingFunctionNative()) {
          Value d = n->data;
          if (!IsTyped(d, ObjType::kPlain) || d.AsObject()->elements_.size() < 2 ||
              !IsTyped(d.AsObject()->elements_[0], ObjType::kPromise) ||
              !d.AsObject()->elements_[1].IsBool())
            return Fail("resolving function: bad record");
        }
        break;
      }
      case ObjType::kMap: {
        auto* m = static_cast<vm::MapObject*>(o);
        if (!CheckGeneration(m->internal_, "map")) return false;
        m->index.reserve(m->live);
        for (uint32_t i = 0; i < m->entries.size(); ++i) {
          const Value& k = m->entries[i].key;
          if (!k.IsEmpty() && !m->index.emplace(k, i).second) return Fail("map: duplicate key");
        }
        break;
      }
      case ObjType::kIterator: {
        auto* it = static_cast<vm::IteratorObject*>(o);
        using K = vm::IteratorObject::Kind;
        bool target_ok = true;
        switch (it->kind) {
          case K::kArrayValues:
          case K::kArrayKeys:
          case K::kArrayEntries:
            target_ok = it->done || it->target.IsObject();
            break;
          case K::kStringValues:
            target_ok = it->done || it->target.IsString();
            break;
          case K::kForIn:
            for (const Value& k : it->keys)
              if (!k.IsString() && !k.IsSymbol() && !k.IsNumber()) target_ok = false;
            break;
          default:  // Map/Set iterators
            target_ok = it->target.IsUndefined() || IsTyped(it->target, ObjType::kMap);
            if (!it->keys.empty() && !CheckGeneration(it->keys[0], "collection iterator")) return false;
            break;
        }
        if (!target_ok) return Fail("iterator: bad target");
        break;
      }
      case ObjType::kLuaThread:
        if (!CheckCoroutine(static_cast<vm::LuaCoroutine*>(o))) return false;
        break;
      case ObjType::kTypedArray: {
        // The view must lie inside its buffer (element access does not re-check).
        auto* t = static_cast<vm::TypedArrayObject*>(o);
        if (!IsTyped(t->internal_, ObjType::kArrayBuffer)) return Fail("typed array: no buffer");
        uint64_t end = uint64_t{t->byte_offset} + uint64_t{t->length} * vm::TypedElementSize(t->kind);
        if (end > t->buffer()->data.size()) return Fail("typed array: range outside its buffer");
        break;
      }
      case ObjType::kActivation: {
        auto* a = static_cast<vm::ActivationObject*>(o);
        if (!IsTyped(a->closure, ObjType::kClosure)) return Fail("activation: not a closure");
        // Async functions have a result promise; generators (class kGenerator) none, or, async
        // generators, their request queue (a prelude object).
        if (a->klass() == vm::ObjectClass::kAsyncState ? !IsTyped(a->promise, ObjType::kPromise)
                                                       : !(a->promise.IsUndefined() || a->promise.IsObject()))
          return Fail("activation: bad promise");
        const vm::Proto* p = static_cast<vm::Closure*>(a->closure.AsObject())->proto_fn;
        if (!CheckPc(p, a->pc, "activation")) return false;
        if ((a->klass() == vm::ObjectClass::kGenerator) != p->bc->is_generator)
          return Fail("activation: bad generator");
        if (a->resume_reg >= p->bc->num_regs || a->registers.size() > p->bc->num_regs)
          return Fail("activation: register out of range");
        break;
      }
      default:
        break;
    }
  }

  // Stack and frames.
  size_t n = Size(st->stack());
  if (n > (size_t{1} << 24)) return Fail("stack too large");
  size_t needed = n;
  uint32_t prev_base = 0;
  const auto* frames = st->frames();
  if (Size(frames) > static_cast<size_t>(vm.limits().max_call_depth) + 2)
    return Fail("too many frames");
  for (size_t i = 0; i < Size(frames); ++i) {
    const fb::Frame* f = frames->Get(static_cast<flatbuffers::uoffset_t>(i));
    vm::Frame fr;
    fr.closure = static_cast<vm::Closure*>(GetTyped(&f->closure(), ObjType::kClosure, false, "frame closure"));
    fr.proto = static_cast<vm::Proto*>(GetCell(&f->proto(), kTagProto, false, "frame function"));
    if (!ok()) return false;
    if (fr.closure->proto_fn != fr.proto) return Fail("frame: closure and function differ");
    if (!CheckPc(fr.proto, f->pc(), "frame")) return false;
    fr.pc = fr.proto->bc->code.data() + f->pc();
    if (f->base() <= prev_base || f->base() > n) return Fail("frame: registers outside the stack");
    prev_base = f->base();
    fr.base = f->base();
    fr.argc = f->argc();
    fr.initial_async = f->initial_async();
    needed = std::max<size_t>(needed, static_cast<size_t>(fr.base) + fr.proto->bc->num_regs + 8);
    if (f->site_kind() > static_cast<uint8_t>(vm::CallSite::Kind::kCoroutine) ||
        f->site_kind() == static_cast<uint8_t>(vm::CallSite::Kind::kBoundary))
      return Fail("frame: bad call site");
    fr.site.kind = static_cast<vm::CallSite::Kind>(f->site_kind());
    fr.site.ret_reg = f->site_ret_reg();
    fr.site.ret_transform = f->site_ret_transform();
    fr.site.job_kind = f->site_job_kind();
    fr.site.aux = Get(&f->site_aux(), kProgramValue, "call site");
    fr.site.aux2 = Get(&f->site_aux2(), kProgramValue, "call site");
    if (fr.site.kind == vm::CallSite::Kind::kJob) {
      if (fr.site.aux.IsObject() && !IsTyped(fr.site.aux, ObjType::kPromise))
        return Fail("frame: job without a promise");
      if (fr.site.job_kind == 2 && !CheckResolvingNative(fr.site.aux2, "frame")) return false;
    }
    if (fr.site.kind == vm::CallSite::Kind::kCoroutine &&
        (!IsTyped(fr.site.aux, ObjType::kLuaThread) ||
         static_cast<vm::LuaCoroutine*>(fr.site.aux.AsObject())->state !=
             vm::LuaCoroutine::State::kActive))
      return Fail("frame: a coroutine's bottom frame without its active coroutine");
    fr.activation = static_cast<vm::ActivationObject*>(
        GetTyped(&f->activation(), ObjType::kActivation, true, "frame activation"));
    fr.new_target = Get(&f->new_target(), kProgramValue, "frame new.target");
    if (!ok()) return false;
    vm.frames_.push_back(fr);
  }
  // Lua: frame tops and call-site wants (absent for JavaScript runs).
  const fb::LuaState* lua = st->lua();
  if (lua != nullptr) {
    if (Size(lua->frames()) != vm.frames_.size()) return Fail("lua: frames do not match");
    for (size_t i = 0; i < vm.frames_.size(); ++i) {
      const fb::LuaFrame* lf = lua->frames()->Get(static_cast<flatbuffers::uoffset_t>(i));
      vm::Frame& fr = vm.frames_[i];
      // The saved stack stops at its last non-nil value, so a top may lie past it.
      if (lf->top() > (1u << 24) || (lf->top() != 0 && lf->top() < fr.base))
        return Fail("lua: frame top outside the stack");
      needed = std::max<size_t>(needed, static_cast<size_t>(lf->top()) + 1);
      if (lf->site_want() < -1 || lf->site_flags() > 7) return Fail("lua: bad call site");
      fr.top = lf->top();
      fr.site.want = lf->site_want();
      fr.site.lua_flags = lf->site_flags();
    }
    vm.lua_run_ = lua->run();
    vm.lua_next_id_ = lua->next_id();
    if (lua->tool_errors() != nullptr)
      for (const auto* e : *lua->tool_errors()) vm.lua_tool_errors_.push_back(e->str());
    vm.lua_wait_active_ = lua->wait_active();
    vm.lua_wait_call_id_ = lua->wait_call_id();
    if (vm.lua_wait_active_) {
      const fb::Frame* ws = lua->wait_site();
      if (ws == nullptr || vm.frames_.empty()) return Fail("lua: waiting without a call site");
      if (ws->site_kind() > static_cast<uint8_t>(vm::CallSite::Kind::kCoroutine) ||
          ws->site_kind() == static_cast<uint8_t>(vm::CallSite::Kind::kBoundary) ||
          lua->wait_want() < -1 || lua->wait_flags() > 7)
        return Fail("lua: bad call site");
      vm::CallSite& site = vm.lua_wait_site_;
      site.kind = static_cast<vm::CallSite::Kind>(ws->site_kind());
      site.ret_reg = ws->site_ret_reg();
      site.ret_transform = ws->site_ret_transform();
      site.job_kind = ws->site_job_kind();
      site.aux = Get(&ws->site_aux(), kProgramValue, "lua call site");
      site.aux2 = Get(&ws->site_aux2(), kProgramValue, "lua call site");
      site.want = lua->wait_want();
      site.lua_flags = lua->wait_flags();
      if (site.kind == vm::CallSite::Kind::kCoroutine && !IsTyped(site.aux, ObjType::kLuaThread))
        return Fail("lua: a coroutine call site without its coroutine");
    }
    if (!ok()) return false;
  } else if (vm.lua_run_) {
    return Fail("lua: a Lua program without its Lua state");
  }
  if (vm.stack_.size() < needed + 512) vm.stack_.resize(needed + 512);
  for (size_t i = 0; i < n; ++i)
    vm.stack_[i] = Get(st->stack()->Get(static_cast<flatbuffers::uoffset_t>(i)), kRegister, "stack");

  // Jobs.
  if (st->jobs() != nullptr) {
    for (const fb::Job* j : *st->jobs()) {
      vm::VM::Job job;
      job.fn = Get(j->fn(), kProgramValue, "job function");
      job.this_value = Get(j->this_value(), kProgramValue, "job this");
      if (j->args() != nullptr)
        for (const fb::Val* v : *j->args()) job.args.push_back(Get(v, kProgramValue, "job argument"));
      job.derived = static_cast<vm::PromiseObject*>(
          GetTyped(j->derived(), ObjType::kPromise, true, "job promise"));
      job.special = j->special();
      job.aux = Get(j->aux(), kProgramValue, "job data");
      if (!CheckJobAux(job.special, job.aux, "job")) return false;
      vm.jobs_.push_back(std::move(job));
    }
  }
  // Host calls.
  if (st->host_calls() != nullptr) {
    uint64_t prev = 0;
    bool first = true;
    for (const fb::HostCall* h : *st->host_calls()) {
      if (!first && h->call_id() <= prev) return Fail("host calls: not sorted");
      first = false;
      prev = h->call_id();
      if (h->promise() >= objects_.size() ||
          Codec::TypeOf(objects_[h->promise()]) != ObjType::kPromise)
        return Fail("host call: not a promise");
      vm.host_calls_[h->call_id()] = static_cast<vm::PromiseObject*>(objects_[h->promise()]);
    }
  }
  vm.main_returned_ = st->main_returned();
  vm.main_value_ = Get(st->main_value(), kProgramValue, "main value");
  // Copies of realm objects.
  if (st->cow() != nullptr) {
    int64_t prev = -1;
    for (const fb::CowEntry* e : *st->cow()) {
      if (static_cast<int64_t>(e->realm_id()) <= prev) return Fail("copies: not sorted");
      prev = e->realm_id();
      if (e->realm_id() >= realm_.cells.size() ||
          realm_.cells[e->realm_id()]->cell_kind() != CellKind::kObject || e->object() >= objects_.size())
        return Fail("copies: bad reference");
      auto* from = static_cast<vm::Object*>(realm_.cells[e->realm_id()]);
      vm::Object* to = objects_[e->object()];
      ObjType a = realm_.object_types[e->realm_id()], b = Codec::TypeOf(to);
      bool compatible = from->klass_ == to->klass_ &&
                        (a == b || (b == ObjType::kPlain && a != ObjType::kArray &&
                                    a != ObjType::kClosure && a != ObjType::kNative &&
                                    a != ObjType::kBound));
      if (!compatible) return Fail("copies: the copy does not match the original");
      vm.cow_[from] = to;
    }
  }
  if (st->rejected_unhandled() != nullptr) {
    for (uint32_t id : *st->rejected_unhandled()) {
      if (id >= objects_.size() || Codec::TypeOf(objects_[id]) != ObjType::kPromise)
        return Fail("unhandled rejections: not a promise");
      vm.rejected_unhandled_.push_back(static_cast<vm::PromiseObject*>(objects_[id]));
    }
  }
  vm.promise_serial_ = st->promise_serial();
  if (st->error_kinds() != nullptr) {
    for (const fb::ErrorKind* k : *st->error_kinds()) {
      if (k->error() >= objects_.size()) return Fail("error kinds: bad reference");
      vm.error_kinds_.emplace_back(objects_[k->error()], k->kind() ? k->kind()->str() : "");
    }
  }
  if (const fb::RandomState* r = st->random(); r != nullptr)
    vm.random_.set_state({r->s0(), r->s1(), r->s2(), r->s3()});
  vm.steps_ = st->steps();
  vm.steps_until_check_ = std::clamp<int64_t>(st->steps_until_check(), 1, 4096);
  vm.has_uncaught_job_error_ = st->has_uncaught_job_error();
  vm.uncaught_job_error_ = Get(st->uncaught_job_error(), kProgramValue, "uncaught job error");
  if (st->extra_roots() != nullptr)
    for (const fb::Val* v : *st->extra_roots()) vm.extra_roots_.push_back(Get(v, kProgramValue, "root"));
  if (st->template_caches() != nullptr) {
    for (const fb::TemplateCache* t : *st->template_caches()) {
      if (t->proto() >= protos_.size()) return Fail("template: bad function");
      vm::Proto* p = protos_[t->proto()];
      const auto& consts = module.protos[t->proto()].constants;
      if (t->constant() >= consts.size() ||
          consts[t->constant()].kind != bytecode::Constant::Kind::kTemplate)
        return Fail("template: bad constant");
      Value v = Get(&t->value(), Bit(kTagObject), "template");
      if (!IsTyped(v, ObjType::kArray)) return Fail("template: not an array");
      p->template_cache[t->constant()] = v;
    }
  }
  return ok();
}

absl::Status Codec::Restorer::Run(const bytecode::Module& module) {
  auto corrupted = [&] { return absl::DataLossError(absl::StrCat("snapshot: corrupted (", error_, ")")); };
  // The module's protos, as LoadModule made them (in module order).
  for (const Value& v : vm_.loaded_protos_) protos_.push_back(static_cast<vm::Proto*>(v.AsHeap()));
  if (s_->program()->proto_count() != protos_.size())
    return absl::InvalidArgumentError("snapshot: the program module does not match the snapshot");
  if (!AllocateStrings() || !AllocateCells() || !AllocateObjects() || !FillCells()) return corrupted();
  ByteReader bodies = Stream(s_->heap()->object_bodies());
  for (uint32_t i = 0; i < objects_.size(); ++i)
    if (!FillObject(i, bodies)) return corrupted();
  if (!bodies.ok() || !bodies.at_end()) {
    Fail("object: unused body bytes");
    return corrupted();
  }
  for (vm::Object* o : objects_) vm_.heap().Account(static_cast<int64_t>(o->ExtraBytes()));
  if (!RestoreState(module)) return corrupted();
  vm_.heap().Account(static_cast<int64_t>(vm_.stack_.size() * sizeof(Value)));
  if (vm_.heap().bytes() > vm_.limits().max_memory_bytes)
    return absl::ResourceExhaustedError(absl::StrCat("snapshot: the restored heap (", vm_.heap().bytes(),
                                                     " bytes) exceeds the memory limit"));
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<vm::VM>> Codec::Restore(const fb::Snapshot* s, const vm::Realm& realm,
                                                       std::shared_ptr<const bytecode::Module> module,
                                                       vm::VmLimits limits) {
  auto vm = std::make_unique<vm::VM>(&realm, limits);
  const bytecode::Module& m = *module;
  vm->LoadModule(std::move(module));
  Restorer r(s, Table(realm), Natives(realm), *vm);
  if (absl::Status st = r.Run(m); !st.ok()) return st;
  return vm;
}

}  // namespace codemode::snapshot
