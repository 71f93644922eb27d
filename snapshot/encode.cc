// Encoding a run (snapshot.h Encode): ids by a breadth-first traversal from the roots in a fixed order,
// then one FlatBuffer (snapshot.fbs) written section by section in id order.
#include <algorithm>
#include <deque>

#include "absl/strings/str_cat.h"
#include "flatbuffers/flatbuffers.h"
#include "snapshot/codec.h"
#include "snapshot/snapshot_generated.h"

namespace codemode::snapshot {

namespace {

using flatbuffers::FlatBufferBuilder;
using flatbuffers::Offset;
using vm::CellKind;
using vm::HeapCell;
using vm::Value;

}  // namespace

class Codec::Encoder {
 public:
  Encoder(vm::VM& vm, const RealmTable& realm, const NativeIds& natives)
      : vm_(vm), realm_(realm), natives_(natives) {}

  absl::Status Discover();
  absl::StatusOr<std::string> Write(const RunInfo& info, const EncodeOptions& options);

 private:
  void Fail(std::string message) {
    if (status_.ok()) status_ = absl::FailedPreconditionError(absl::StrCat("snapshot: ", message));
  }
  void Visit(Value v) {
    if (v.IsHeap()) {
      if (v.IsBigInt()) return Fail("BigInt values cannot be saved yet");
      VisitCell(v.AsHeap());
    }
  }
  void VisitCell(HeapCell* c);
  void Process(HeapCell* c);
  void ProcessObject(vm::Object* o);

  fb::Val Ref(Value v);
  fb::Val CellRef(const HeapCell* c);
  uint32_t IdOf(const HeapCell* c) const {
    auto it = ids_.find(c);
    return it == ids_.end() ? 0 : it->second;
  }
  Offset<flatbuffers::Vector<const fb::Val*>> Vals(const std::vector<Value>& values);
  Offset<fb::ObjectCell> WriteObject(vm::Object* o);

  vm::VM& vm_;
  const RealmTable& realm_;
  const NativeIds& natives_;
  absl::Status status_;
  absl::flat_hash_map<const HeapCell*, uint32_t> ids_;  // index within the cell's section
  absl::flat_hash_map<const HeapCell*, uint32_t> protos_;  // run proto → module index
  std::vector<vm::String*> strings_;
  std::vector<vm::Symbol*> symbols_;
  std::vector<vm::Shape*> shapes_;
  std::vector<vm::Cell*> cells_;
  std::vector<vm::Accessor*> accessors_;
  std::vector<vm::Object*> objects_;
  std::vector<ObjType> object_types_;
  std::vector<HeapCell*> queue_;  // discovery order
  uint32_t stack_len_ = 0;
  FlatBufferBuilder fbb_{1 << 12};
  std::vector<fb::Val> scratch_;
};

void Codec::Encoder::VisitCell(HeapCell* c) {
  if (c == nullptr) return;
  if (c->is_shared()) {
    if (!realm_.ids.contains(c)) Fail("a shared cell is not part of the realm");
    return;
  }
  if (c->cell_kind() == CellKind::kProto) {
    if (!protos_.contains(c)) Fail("a function from another module is referenced");
    return;
  }
  auto [it, inserted] = ids_.try_emplace(c, 0);
  if (!inserted) return;
  switch (c->cell_kind()) {
    case CellKind::kString:
      it->second = static_cast<uint32_t>(strings_.size());
      strings_.push_back(static_cast<vm::String*>(c));
      break;
    case CellKind::kSymbol:
      it->second = static_cast<uint32_t>(symbols_.size());
      symbols_.push_back(static_cast<vm::Symbol*>(c));
      break;
    case CellKind::kShape:
      it->second = static_cast<uint32_t>(shapes_.size());
      shapes_.push_back(static_cast<vm::Shape*>(c));
      break;
    case CellKind::kCell:
      it->second = static_cast<uint32_t>(cells_.size());
      cells_.push_back(static_cast<vm::Cell*>(c));
      break;
    case CellKind::kAccessor:
      it->second = static_cast<uint32_t>(accessors_.size());
      accessors_.push_back(static_cast<vm::Accessor*>(c));
      break;
    case CellKind::kObject:
      it->second = static_cast<uint32_t>(objects_.size());
      objects_.push_back(static_cast<vm::Object*>(c));
      object_types_.push_back(Codec::TypeOf(static_cast<vm::Object*>(c)));
      break;
    default:
      Fail(absl::StrCat("heap cells of kind ", static_cast<int>(c->cell_kind()),
                        " cannot be saved"));
      return;
  }
  queue_.push_back(c);
}

void Codec::Encoder::Process(HeapCell* c) {
  switch (c->cell_kind()) {
    case CellKind::kString:
      static_cast<vm::String*>(c)->Flatten();  // the rope's parts are not needed
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
    case CellKind::kObject:
      ProcessObject(static_cast<vm::Object*>(c));
      break;
    default:
      break;
  }
}

void Codec::Encoder::ProcessObject(vm::Object* o) {
  VisitCell(o->shape_);
  VisitCell(o->proto_);
  for (const Value& v : o->slots_) Visit(v);
  for (const Value& v : o->elements_) Visit(v);
  if (o->sparse_)
    for (const auto& [i, p] : *o->sparse_) Visit(p.first);
  Visit(o->internal_);
  switch (Codec::TypeOf(o)) {
    case ObjType::kClosure: {
      auto* c = static_cast<vm::Closure*>(o);
      VisitCell(c->proto_fn);
      for (vm::Cell* u : c->upvals) VisitCell(u);
      VisitCell(c->home_object);
      break;
    }
    case ObjType::kNative: {
      auto* n = static_cast<vm::NativeFunction*>(o);
      if (!natives_.ids.contains(reinterpret_cast<uintptr_t>(n->fn))) {
        Value name = o->slots_.size() > 1 ? o->slots_[1] : Value::Undefined();
        Fail(absl::StrCat("the native function '",
                          name.IsString() ? name.AsString()->ToUtf8() : std::string("?"),
                          "' has no stable id (snapshot::RegisterNative)"));
      }
      Visit(n->data);
      break;
    }
    case ObjType::kBound: {
      auto* b = static_cast<vm::BoundFunction*>(o);
      Visit(b->target);
      Visit(b->bound_this);
      for (const Value& v : b->bound_args) Visit(v);
      break;
    }
    case ObjType::kPromise: {
      auto* p = static_cast<vm::PromiseObject*>(o);
      Visit(p->result);
      for (auto* list : {&p->fulfill_reactions, &p->reject_reactions})
        for (const auto& r : *list) {
          Visit(r.capability);
          Visit(r.handler);
          Visit(r.aux);
        }
      break;
    }
    case ObjType::kMap: {
      auto* m = static_cast<vm::MapObject*>(o);
      for (const auto& e : m->entries) {
        Visit(e.key);
        Visit(e.value);
      }
      break;
    }
    case ObjType::kIterator: {
      auto* it = static_cast<vm::IteratorObject*>(o);
      Visit(it->target);
      for (const Value& v : it->keys) Visit(v);
      break;
    }
    case ObjType::kActivation: {
      auto* a = static_cast<vm::ActivationObject*>(o);
      Visit(a->closure);
      for (const Value& v : a->registers) Visit(v);
      Visit(a->new_target);
      Visit(a->promise);
      break;
    }
    default:
      break;
  }
}

absl::Status Codec::Encoder::Discover() {
  vm::VM& vm = vm_;
  if (vm.bootstrapping_) return absl::FailedPreconditionError("snapshot: the realm's VM cannot be saved");
  if (vm.in_run_ || vm.boundary_calls_ != 0)
    return absl::FailedPreconditionError("snapshot: the VM is running (not stopped at a yield)");
  if (vm.has_exception_ || vm.has_tail_call_)
    return absl::FailedPreconditionError("snapshot: the VM is inside an operation");
  if (vm.termination_ != vm::Termination::kNone)
    return absl::FailedPreconditionError("snapshot: the run was terminated");
  if (vm.modules_.size() != 1)
    return absl::FailedPreconditionError(
        absl::StrCat("snapshot: the VM must have exactly one program module (it has ",
                     vm.modules_.size(), ")"));
  const bytecode::Module& module = *vm.modules_[0];
  if (vm.loaded_protos_.size() != module.protos.size())
    return absl::FailedPreconditionError("snapshot: loaded functions do not match the module");
  for (size_t i = 0; i < vm.loaded_protos_.size(); ++i) {
    HeapCell* p = vm.loaded_protos_[i].AsHeap();
    if (!vm.loaded_protos_[i].IsInternal() || p->cell_kind() != CellKind::kProto ||
        static_cast<vm::Proto*>(p)->bc != &module.protos[i])
      return absl::FailedPreconditionError("snapshot: loaded functions do not match the module");
    protos_.emplace(p, static_cast<uint32_t>(i));
  }
  if (vm.empty_shape_ == nullptr || vm.function_shape_ == nullptr || vm.empty_shape_->is_shared() ||
      vm.function_shape_->is_shared() || vm.array_shape_ != vm.empty_shape_)
    return absl::FailedPreconditionError("snapshot: unexpected root shapes");

  // Roots, in a fixed order (the ids follow from it).
  VisitCell(vm.empty_shape_);     // shape 0
  VisitCell(vm.function_shape_);  // shape 1
  if (!vm.frames_.empty()) {
    stack_len_ = std::min<uint32_t>(vm.StackTop(), static_cast<uint32_t>(vm.stack_.size()));
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
    if (it == realm_.ids.end()) return absl::InternalError("snapshot: a copied object is not in the realm");
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

  // Breadth-first: every discovered cell's references, in the order the writer lists them.
  for (size_t i = 0; i < queue_.size() && status_.ok(); ++i) Process(queue_[i]);
  return status_;
}

fb::Val Codec::Encoder::CellRef(const HeapCell* c) {
  if (c == nullptr) return fb::Val(0, kTagNull);
  uint8_t tag = kTagUndefined;
  switch (c->cell_kind()) {
    case CellKind::kString:
      tag = kTagString;
      break;
    case CellKind::kSymbol:
      tag = kTagSymbol;
      break;
    case CellKind::kObject:
      tag = kTagObject;
      break;
    case CellKind::kCell:
      tag = kTagCell;
      break;
    case CellKind::kAccessor:
      tag = kTagAccessor;
      break;
    case CellKind::kProto:
      tag = kTagProto;
      break;
    case CellKind::kShape:
      tag = kTagShape;
      break;
    default:
      Fail("unexpected heap cell");
      return fb::Val(0, kTagUndefined);
  }
  if (c->is_shared()) {
    auto it = realm_.ids.find(c);
    return fb::Val(it == realm_.ids.end() ? 0 : it->second, static_cast<uint8_t>(tag | kTagRealm));
  }
  if (tag == kTagProto) {
    auto it = protos_.find(c);
    return fb::Val(it == protos_.end() ? 0 : it->second, tag);
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
    case vm::Tag::kBigInt:
      Fail("BigInt values cannot be saved yet");
      return fb::Val(0, kTagUndefined);
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

Offset<fb::ObjectCell> Codec::Encoder::WriteObject(vm::Object* o) {
  ObjType type = object_types_[IdOf(o)];
  // Children first (FlatBuffers builds bottom-up).
  Offset<flatbuffers::Vector<const fb::Val*>> slots, elements, bound_args, keys, registers;
  Offset<flatbuffers::Vector<double>> numbers;
  Offset<flatbuffers::Vector<const fb::SparseEntry*>> sparse;
  Offset<flatbuffers::Vector<const fb::Val*>> upvals;
  Offset<flatbuffers::Vector<const fb::Reaction*>> fulfill, reject;
  Offset<flatbuffers::Vector<const fb::MapEntry*>> entries;
  if (!o->slots_.empty()) slots = Vals(o->slots_);
  if (!o->elements_.empty()) {
    bool all_numbers = std::all_of(o->elements_.begin(), o->elements_.end(),
                                   [](const Value& v) { return v.IsNumber(); });
    if (all_numbers) {
      double* out = nullptr;
      numbers = fbb_.CreateUninitializedVector(o->elements_.size(), &out);
      for (size_t i = 0; i < o->elements_.size(); ++i) out[i] = o->elements_[i].AsNumber();
    } else {
      elements = Vals(o->elements_);
    }
  }
  if (o->sparse_ && !o->sparse_->empty()) {
    std::vector<fb::SparseEntry> s;
    s.reserve(o->sparse_->size());
    for (const auto& [i, p] : *o->sparse_) s.emplace_back(Ref(p.first), i, p.second);
    sparse = fbb_.CreateVectorOfStructs(s);
  }
  auto reactions = [&](const std::vector<vm::PromiseReaction>& list) {
    std::vector<fb::Reaction> r;
    r.reserve(list.size());
    for (const auto& x : list)
      r.emplace_back(Ref(x.capability), Ref(x.handler), Ref(x.aux), x.type, x.special);
    return fbb_.CreateVectorOfStructs(r);
  };
  switch (type) {
    case ObjType::kClosure: {
      auto* c = static_cast<vm::Closure*>(o);
      scratch_.clear();
      for (vm::Cell* cell : c->upvals) {
        if (cell == nullptr) Fail("a closure captures a missing variable");
        scratch_.push_back(CellRef(cell));
      }
      upvals = fbb_.CreateVectorOfStructs(scratch_.data(), scratch_.size());
      break;
    }
    case ObjType::kBound: {
      auto* b = static_cast<vm::BoundFunction*>(o);
      if (!b->bound_args.empty()) bound_args = Vals(b->bound_args);
      break;
    }
    case ObjType::kPromise: {
      auto* p = static_cast<vm::PromiseObject*>(o);
      if (!p->fulfill_reactions.empty()) fulfill = reactions(p->fulfill_reactions);
      if (!p->reject_reactions.empty()) reject = reactions(p->reject_reactions);
      break;
    }
    case ObjType::kMap: {
      auto* m = static_cast<vm::MapObject*>(o);
      std::vector<fb::MapEntry> e;
      e.reserve(m->entries.size());
      for (const auto& x : m->entries) e.emplace_back(Ref(x.key), Ref(x.value));
      entries = fbb_.CreateVectorOfStructs(e);
      break;
    }
    case ObjType::kIterator: {
      auto* it = static_cast<vm::IteratorObject*>(o);
      if (!it->keys.empty()) keys = Vals(it->keys);
      break;
    }
    case ObjType::kActivation: {
      auto* a = static_cast<vm::ActivationObject*>(o);
      registers = Vals(a->registers);
      break;
    }
    default:
      break;
  }

  fb::ObjectCellBuilder b(fbb_);
  b.add_type(static_cast<fb::ObjectType>(type));
  b.add_klass(static_cast<uint8_t>(o->klass_));
  uint8_t flags = (o->extensible_ ? 1 : 0) | (o->frozen_elements_ ? 2 : 0) |
                  (o->sealed_elements_ ? 4 : 0);
  if (o->klass_ == vm::ObjectClass::kFunction) {
    auto* f = static_cast<vm::FunctionObject*>(o);
    flags |= (f->is_constructor ? 8 : 0) | (f->prototype_pending ? 16 : 0);
  }
  if (type == ObjType::kArray && static_cast<vm::ArrayObject*>(o)->length_writable) flags |= 32;
  b.add_flags(flags);
  fb::Val shape = CellRef(o->shape_);
  b.add_shape(&shape);
  fb::Val proto = CellRef(o->proto_);
  b.add_proto(&proto);
  if (!slots.IsNull()) b.add_slots(slots);
  if (!elements.IsNull()) b.add_elements(elements);
  if (!numbers.IsNull()) b.add_element_numbers(numbers);
  if (!sparse.IsNull()) b.add_sparse(sparse);
  fb::Val internal = Ref(o->internal_);
  if (!o->internal_.IsUndefined()) b.add_internal(&internal);
  // Struct fields are copied into the table when added; the locals below only need to live until then.
  fb::Val v1, v2, v3, v4;
  switch (type) {
    case ObjType::kArray:
      b.add_length(static_cast<vm::ArrayObject*>(o)->length);
      break;
    case ObjType::kClosure: {
      auto* c = static_cast<vm::Closure*>(o);
      v1 = CellRef(c->proto_fn);
      b.add_proto_fn(&v1);
      b.add_upvals(upvals);
      v2 = CellRef(c->home_object);
      if (c->home_object != nullptr) b.add_home_object(&v2);
      break;
    }
    case ObjType::kNative: {
      auto* n = static_cast<vm::NativeFunction*>(o);
      auto it = natives_.ids.find(reinterpret_cast<uintptr_t>(n->fn));
      b.add_native_id(it == natives_.ids.end() ? 0 : it->second);
      b.add_magic(n->magic);
      v1 = Ref(n->data);
      if (!n->data.IsUndefined()) b.add_data(&v1);
      break;
    }
    case ObjType::kBound: {
      auto* bf = static_cast<vm::BoundFunction*>(o);
      v1 = Ref(bf->target);
      b.add_target(&v1);
      v2 = Ref(bf->bound_this);
      b.add_bound_this(&v2);
      if (!bound_args.IsNull()) b.add_bound_args(bound_args);
      break;
    }
    case ObjType::kPromise: {
      auto* p = static_cast<vm::PromiseObject*>(o);
      b.add_promise_state(static_cast<uint8_t>(p->state));
      v1 = Ref(p->result);
      b.add_result(&v1);
      b.add_handled(p->handled);
      b.add_already_resolved(p->already_resolved);
      b.add_serial(p->serial);
      if (!fulfill.IsNull()) b.add_fulfill_reactions(fulfill);
      if (!reject.IsNull()) b.add_reject_reactions(reject);
      break;
    }
    case ObjType::kMap:
      b.add_entries(entries);
      b.add_live(static_cast<vm::MapObject*>(o)->live);
      break;
    case ObjType::kIterator: {
      auto* it = static_cast<vm::IteratorObject*>(o);
      b.add_iter_kind(static_cast<uint8_t>(it->kind));
      b.add_done(it->done);
      v1 = Ref(it->target);
      b.add_target(&v1);
      b.add_pos(it->pos);
      if (!keys.IsNull()) b.add_keys(keys);
      break;
    }
    case ObjType::kActivation: {
      auto* a = static_cast<vm::ActivationObject*>(o);
      v1 = Ref(a->closure);
      b.add_closure(&v1);
      b.add_registers(registers);
      b.add_pc(a->pc);
      v2 = Ref(a->new_target);
      b.add_new_target(&v2);
      v3 = Ref(a->promise);
      b.add_promise(&v3);
      b.add_resume_reg(a->resume_reg);
      b.add_argc(a->argc);
      b.add_running(a->running);
      b.add_finished(a->finished);
      break;
    }
    default:
      break;
  }
  (void)v4;
  return b.Finish();
}

absl::StatusOr<std::string> Codec::Encoder::Write(const RunInfo& info, const EncodeOptions& options) {
  vm::VM& vm = vm_;
  // ---- heap
  Offset<fb::StringTable> strings;
  {
    std::vector<uint32_t> lengths;
    std::vector<uint8_t> flags;
    std::string latin1;
    std::u16string utf16;
    lengths.reserve(strings_.size());
    flags.reserve(strings_.size());
    for (vm::String* s : strings_) {
      lengths.push_back(s->length());
      uint8_t f = s->is_atom() ? 2 : 0;
      if (s->is_one_byte()) {
        latin1.append(s->one_);
      } else {
        f |= 1;
        utf16.append(s->two_);
      }
      flags.push_back(f);
    }
    auto l = fbb_.CreateVector(lengths);
    auto f = fbb_.CreateVector(flags);
    auto b = fbb_.CreateVector(reinterpret_cast<const uint8_t*>(latin1.data()), latin1.size());
    auto u = fbb_.CreateVector(reinterpret_cast<const uint16_t*>(utf16.data()), utf16.size());
    strings = fb::CreateStringTable(fbb_, l, f, b, u);
  }
  std::vector<fb::SymbolCell> symbols;
  symbols.reserve(symbols_.size());
  for (vm::Symbol* s : symbols_) symbols.emplace_back(Ref(s->description_), s->registered);
  auto symbols_off = fbb_.CreateVectorOfStructs(symbols);
  std::vector<Offset<fb::ShapeCell>> shapes;
  shapes.reserve(shapes_.size());
  for (vm::Shape* s : shapes_) {
    scratch_.clear();
    std::vector<uint8_t> attrs;
    attrs.reserve(s->entries_.size());
    for (const auto& e : s->entries_) {
      scratch_.push_back(CellRef(e.key));
      attrs.push_back(e.attrs);
    }
    auto k = fbb_.CreateVectorOfStructs(scratch_.data(), scratch_.size());
    auto a = fbb_.CreateVector(attrs);
    shapes.push_back(fb::CreateShapeCell(fbb_, k, a, s->dictionary_));
  }
  auto shapes_off = fbb_.CreateVector(shapes);
  scratch_.clear();
  for (vm::Cell* c : cells_) scratch_.push_back(Ref(c->value));
  auto cells_off = fbb_.CreateVectorOfStructs(scratch_.data(), scratch_.size());
  std::vector<fb::AccessorCell> accessors;
  accessors.reserve(accessors_.size());
  for (vm::Accessor* a : accessors_) accessors.emplace_back(Ref(a->getter), Ref(a->setter));
  auto accessors_off = fbb_.CreateVectorOfStructs(accessors);
  std::vector<Offset<fb::ObjectCell>> objects;
  objects.reserve(objects_.size());
  for (vm::Object* o : objects_) objects.push_back(WriteObject(o));
  auto objects_off = fbb_.CreateVector(objects);
  auto heap = fb::CreateHeap(fbb_, strings, symbols_off, shapes_off, cells_off, accessors_off,
                             objects_off);

  // ---- VM state
  std::vector<Value> stack(vm.stack_.begin(), vm.stack_.begin() + stack_len_);
  auto stack_off = Vals(stack);
  std::vector<fb::Frame> frames;
  frames.reserve(vm.frames_.size());
  for (const vm::Frame& f : vm.frames_) {
    const auto& code = f.proto->bc->code;
    frames.emplace_back(CellRef(f.closure), CellRef(f.proto), Ref(f.new_target), CellRef(f.activation),
                        Ref(f.site.aux), Ref(f.site.aux2),
                        static_cast<uint32_t>(f.pc - code.data()), f.base, f.argc,
                        static_cast<uint8_t>(f.site.kind), f.site.ret_reg, f.site.ret_transform,
                        f.site.job_kind, f.initial_async);
  }
  auto frames_off = fbb_.CreateVectorOfStructs(frames);
  std::vector<Offset<fb::Job>> jobs;
  for (const auto& j : vm.jobs_) {
    auto args = Vals(j.args);
    fb::Val fn = Ref(j.fn), self = Ref(j.this_value), derived = CellRef(j.derived), aux = Ref(j.aux);
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
  std::sort(cow.begin(), cow.end(),
            [](const fb::CowEntry& a, const fb::CowEntry& b) { return a.realm_id() < b.realm_id(); });
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
  auto vm_off = fb::CreateVmState(fbb_, stack_off, frames_off, jobs_off, calls_off, vm.main_returned_,
                                  &main_value, cow_off, rejected_off, vm.promise_serial_, kinds_off,
                                  vm.steps_, vm.steps_until_check_, vm.has_uncaught_job_error_,
                                  &uncaught, extra_off, templates_off);
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
  auto info_off = fb::CreateRunInfo(fbb_, info.active_ms, info.admitted_calls, info.output_bytes,
                                    info.next_call_id, info.timeout_ms, info.max_tool_calls,
                                    info.max_output_bytes, info.max_steps, info.max_memory_bytes,
                                    entries_off, tool_calls, logs, suggestions);
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
    return absl::ResourceExhaustedError(absl::StrCat("snapshot: ", total,
                                                     " bytes, over the limit of ",
                                                     options.max_bytes));
  return Codec::Seal(std::string_view(reinterpret_cast<const char*>(fbb_.GetBufferPointer()),
                                      fbb_.GetSize()));
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
