// Object model: shapes, property lookup/definition/deletion, key order, copy-on-write of realm objects.
#include <algorithm>

#include "vm/realm.h"
#include "vm/support/numconv.h"
#include "vm/typed_array.h"
#include "vm/lua/table.h"
#include "vm/vm.h"

namespace codemode::vm {

namespace {
constexpr size_t kIndexThreshold = 8;      // shapes with more entries get a hash index
constexpr size_t kDictionaryThreshold = 64;  // objects with more named properties own their shape
constexpr size_t kRebuildLimit = 16;  // a delete re-walks the transition tree up to this many entries
}  // namespace

// ---------------------------------------------------------------------------------------- tracing

void Shape::Trace(Tracer& t) {
  for (auto& e : entries_) t.Mark(e.key);
  for (auto& [k, child] : transitions_) {
    t.Mark(k.first);
    t.Mark(child);
  }
}

int Shape::Find(HeapCell* key) const {
  if (!index_.empty()) {
    auto it = index_.find(key);
    return it == index_.end() ? -1 : static_cast<int>(it->second);
  }
  for (size_t i = 0; i < entries_.size(); ++i)
    if (entries_[i].key == key) return static_cast<int>(i);
  return -1;
}

void Shape::BuildIndex() {
  index_.clear();
  if (entries_.size() <= kIndexThreshold) return;
  index_.reserve(entries_.size());
  for (size_t i = 0; i < entries_.size(); ++i) index_[entries_[i].key] = static_cast<uint32_t>(i);
}

void Object::Trace(Tracer& t) {
  t.Mark(shape_);
  t.Mark(proto_);
  for (auto& v : slots_) t.Mark(v);
  for (auto& v : elements_) t.Mark(v);
  if (sparse_)
    for (auto& [i, p] : *sparse_) t.Mark(p.first);
  t.Mark(internal_);
}

std::map<uint32_t, std::pair<Value, uint8_t>>& Object::EnsureSparse() {
  if (!sparse_) sparse_ = std::make_unique<std::map<uint32_t, std::pair<Value, uint8_t>>>();
  return *sparse_;
}

void Proto::Trace(Tracer& t) {
  for (auto& v : constants) t.Mark(v);
  for (auto* c : children) t.Mark(c);
  t.Mark(name);
  for (auto& ic : ics) t.Mark(ic.shape);
  for (auto& v : template_cache) t.Mark(v);
}

void Closure::Trace(Tracer& t) {
  Object::Trace(t);
  t.Mark(proto_fn);
  for (auto* c : upvals) t.Mark(c);
  t.Mark(home_object);
}

void BoundFunction::Trace(Tracer& t) {
  Object::Trace(t);
  t.Mark(target);
  t.Mark(bound_this);
  for (auto& v : bound_args) t.Mark(v);
}

void PromiseObject::Trace(Tracer& t) {
  Object::Trace(t);
  t.Mark(result);
  for (auto* list : {&fulfill_reactions, &reject_reactions})
    for (auto& r : *list) {
      t.Mark(r.capability);
      t.Mark(r.handler);
      t.Mark(r.aux);
    }
}

void MapObject::Trace(Tracer& t) {
  Object::Trace(t);
  for (auto& e : entries) {
    t.Mark(e.key);
    t.Mark(e.value);
  }
}

void IteratorObject::Trace(Tracer& t) {
  Object::Trace(t);
  t.Mark(target);
  for (auto& v : keys) t.Mark(v);
}

void ActivationObject::Trace(Tracer& t) {
  Object::Trace(t);
  t.Mark(closure);
  for (auto& v : registers) t.Mark(v);
  t.Mark(new_target);
  t.Mark(promise);
}

// ---------------------------------------------------------------------------------------- shapes

Shape* VM::EmptyShape() { return empty_shape_; }

void VM::MakeDictionary(Object* obj) {
  Shape* old = obj->shape_;
  Shape* s = heap_->Alloc<Shape>();
  s->entries_ = old->entries_;
  s->dictionary_ = true;
  s->BuildIndex();
  heap_->Account(static_cast<int64_t>(s->ExtraBytes()));
  obj->shape_ = s;
}

Shape* VM::AddToShape(Object* obj, HeapCell* key, uint8_t attrs) {
  Shape* s = obj->shape_;
  // A realm shape is never changed by a run, not even a dictionary one (a COW copy shares it).
  if ((s->is_shared() && !bootstrapping_) ||
      (!s->dictionary_ && s->entries_.size() >= kDictionaryThreshold)) {
    MakeDictionary(obj);
    s = obj->shape_;
  }
  if (s->dictionary_) {
    s->entries_.push_back({key, attrs});
    if (!s->index_.empty() || s->entries_.size() > kIndexThreshold) {
      if (s->index_.empty()) {
        s->BuildIndex();
      } else {
        s->index_[key] = static_cast<uint32_t>(s->entries_.size() - 1);
      }
    }
    heap_->Account(static_cast<int64_t>(sizeof(Shape::Entry) + 24));
    return s;
  }
  obj->shape_ = Transition(s, key, attrs);
  return obj->shape_;
}

Shape* VM::Transition(Shape* s, HeapCell* key, uint8_t attrs) {
  auto it = s->transitions_.find({key, attrs});
  if (it != s->transitions_.end()) return it->second;
  Shape* child = heap_->Alloc<Shape>();
  child->entries_.reserve(s->entries_.size() + 1);
  child->entries_ = s->entries_;
  child->entries_.push_back({key, attrs});
  child->BuildIndex();
  heap_->Account(static_cast<int64_t>(child->ExtraBytes()));
  s->transitions_[{key, attrs}] = child;
  heap_->Account(32);  // the transition entry (Shape::ExtraBytes counts 32 per transition)
  return child;
}

// ---------------------------------------------------------------------------------------- COW

Object* VM::ResolveSlow(Object* o) {
  auto it = cow_.find(o);
  return it == cow_.end() ? o : it->second;
}

Object* VM::CopyOnWrite(Object* o) {
  auto it = cow_.find(o);
  if (it != cow_.end()) return it->second;
  Object* copy = nullptr;
  if (o->klass_ == ObjectClass::kFunction) {
    auto* f = static_cast<FunctionObject*>(o);
    if (f->type == FunctionType::kNative) {
      auto* src = static_cast<NativeFunction*>(f);
      auto* n = heap_->Alloc<NativeFunction>(src->shape_, src->proto_, src->fn, src->magic);
      n->data = src->data;
      copy = n;
    } else if (f->type == FunctionType::kClosure) {
      auto* src = static_cast<Closure*>(f);
      auto* c = heap_->Alloc<Closure>(src->shape_, src->proto_, src->proto_fn);
      c->upvals = src->upvals;
      c->home_object = src->home_object;
      copy = c;
    } else {
      auto* src = static_cast<BoundFunction*>(f);
      auto* b = heap_->Alloc<BoundFunction>(src->shape_, src->proto_);
      b->target = src->target;
      b->bound_this = src->bound_this;
      b->bound_args = src->bound_args;
      copy = b;
    }
    auto* cf = static_cast<FunctionObject*>(copy);
    cf->is_constructor = f->is_constructor;
    cf->prototype_pending = f->prototype_pending;
  } else if (o->klass_ == ObjectClass::kLuaTable) {
    auto* src = static_cast<LuaTable*>(o);
    auto* t = heap_->Alloc<LuaTable>(src->shape_);
    t->metatable = src->metatable;
    t->flags = src->flags;
    t->arr = src->arr;
    t->entries = src->entries;
    t->index = src->index;
    t->live = src->live;
    copy = t;
  } else if (o->klass_ == ObjectClass::kArray) {
    auto* a = heap_->Alloc<ArrayObject>(o->shape_, o->proto_);
    a->length = static_cast<ArrayObject*>(o)->length;
    a->length_writable = static_cast<ArrayObject*>(o)->length_writable;
    copy = a;
  } else {
    copy = heap_->Alloc<Object>(o->klass_, o->shape_, o->proto_);
  }
  copy->extensible_ = o->extensible_;
  copy->frozen_elements_ = o->frozen_elements_;
  copy->sealed_elements_ = o->sealed_elements_;
  copy->slots_ = o->slots_;
  copy->elements_ = o->elements_;
  if (o->sparse_) copy->sparse_ = std::make_unique<std::map<uint32_t, std::pair<Value, uint8_t>>>(*o->sparse_);
  copy->internal_ = o->internal_;
  heap_->Account(static_cast<int64_t>(copy->ExtraBytes()));
  cow_[o] = copy;
  return copy;
}

// ---------------------------------------------------------------------------------------- keys

PropertyKey VM::KeyFromPrimitive(Value v) {
  switch (v.tag()) {
    case Tag::kNumber: {
      double d = v.AsNumber();
      if (d >= 0 && d < 4294967295.0 && d == static_cast<double>(static_cast<uint32_t>(d)))
        return PropertyKey::Index(static_cast<uint32_t>(d));
      return PropertyKey::Atom(Intern(NumberToString(d)));
    }
    case Tag::kInt: {
      int64_t i = v.AsInt();
      if (i >= 0 && i < 4294967295ll) return PropertyKey::Index(static_cast<uint32_t>(i));
      return PropertyKey::Atom(Intern(ToStringPrimitive(v)));
    }
    case Tag::kString: {
      String* s = v.AsString();
      if (auto idx = s->ArrayIndex()) return PropertyKey::Index(*idx);
      return PropertyKey::Atom(Intern(s));
    }
    case Tag::kSymbol:
      return PropertyKey::Sym(v.AsSymbol());
    case Tag::kBigInt: {
      String* s = ToStringPrimitive(v);
      if (auto idx = s->ArrayIndex()) return PropertyKey::Index(*idx);
      return PropertyKey::Atom(Intern(s));
    }
    default: {
      String* s = ToStringPrimitive(v);
      if (s == nullptr) s = empty_string();
      return PropertyKey::Atom(Intern(s));
    }
  }
}

Value VM::KeyToValue(const PropertyKey& k) {
  if (k.is_index()) return Value::FromString(KeyToString(k));
  if (k.is_symbol()) return Value::FromSymbol(static_cast<Symbol*>(k.cell));
  return Value::FromString(k.atom());
}

String* VM::KeyToString(const PropertyKey& k) {
  if (k.is_index()) return NumberToString(static_cast<double>(k.index));
  if (k.is_symbol()) return nullptr;
  return k.atom();
}

// ---------------------------------------------------------------------------------------- lookup

namespace {
uint8_t ElementAttrs(const Object* o, bool frozen, bool sealed) {
  if (frozen) return kEnumerable;
  if (sealed) return kEnumerable | kWritable;
  return kDefaultAttrs;
}

bool IsLengthKey(VM& vm, const PropertyKey& key) {
  return key.kind == PropertyKey::Kind::kAtom && key.cell == vm.atom(AtomId::length);
}

// For a typed array (§10.4.5): true when `key` is a numeric key (an array index, or a canonical numeric
// string such as "-0" or "1.5"), with *index set and *valid telling whether it names an element.
bool TypedNumericKey(VM& vm, Object* o, const PropertyKey& key, uint32_t* index, bool* valid) {
  if (key.is_index()) {
    *index = key.index;
    *valid = key.index < static_cast<TypedArrayObject*>(o)->length;
    return true;
  }
  if (key.kind == PropertyKey::Kind::kAtom && IsCanonicalNumericString(vm, key.atom())) {
    *valid = false;
    return true;
  }
  return false;
}
}  // namespace

VM::Lookup VM::GetOwnProperty(Object* obj, const PropertyKey& key) {
  Object* o = Resolve(obj);
  Lookup r;
  if (o->klass_ == ObjectClass::kTypedArray) {
    uint32_t index;
    bool valid;
    if (TypedNumericKey(*this, o, key, &index, &valid)) {
      if (valid) {
        r.found = true;
        r.value = TypedGet(*this, static_cast<TypedArrayObject*>(o), index);
        r.attrs = kDefaultAttrs;
        r.holder = o;
      }
      return r;
    }
  }
  if (key.is_index()) {
    if (o->klass_ == ObjectClass::kString && o->internal_.IsString()) {
      String* s = o->internal_.AsString();
      if (key.index < s->length()) {
        r.found = true;
        r.value = Value::FromString(Substring(s, key.index, key.index + 1));
        r.attrs = kEnumerable;
        r.holder = o;
        return r;
      }
    }
    if (key.index < o->elements_.size() && !o->elements_[key.index].IsEmpty()) {
      r.found = true;
      r.value = o->elements_[key.index];
      r.attrs = ElementAttrs(o, o->frozen_elements_, o->sealed_elements_);
      r.holder = o;
      return r;
    }
    if (o->sparse_) {
      auto it = o->sparse_->find(key.index);
      if (it != o->sparse_->end()) {
        r.found = true;
        r.value = it->second.first;
        r.attrs = it->second.second;
        r.holder = o;
      }
    }
    return r;
  }
  if (o->klass_ == ObjectClass::kArray && IsLengthKey(*this, key)) {
    auto* a = static_cast<ArrayObject*>(o);
    r.found = true;
    r.value = Value::Number(a->length);
    r.attrs = a->length_writable ? kWritable : 0;
    r.holder = o;
    return r;
  }
  if (o->klass_ == ObjectClass::kString && IsLengthKey(*this, key) && o->internal_.IsString()) {
    r.found = true;
    r.value = Value::Number(o->internal_.AsString()->length());
    r.attrs = 0;
    r.holder = o;
    return r;
  }
  int i = o->shape_->Find(key.cell);
  if (i < 0 && o->klass_ == ObjectClass::kFunction &&
      static_cast<FunctionObject*>(o)->prototype_pending &&
      key.cell == atom(AtomId::prototype)) {
    // Materialize `prototype` for an ordinary function (ECMA-262 §10.2.5 MakeConstructor).
    auto* f = static_cast<FunctionObject*>(Writable(o));
    f->prototype_pending = false;
    bool generator = f->type == FunctionType::kClosure &&
                     static_cast<Closure*>(f)->proto_fn->bc->is_generator;
    const auto& in = realm_->intrinsics();
    Object* proto =
        !generator ? NewObject()
        : static_cast<Closure*>(f)->proto_fn->bc->is_async ? NewObjectWithProto(in.async_generator_prototype)
                                                           : NewObjectWithProto(in.generator_prototype);
    if (!generator)
      DefineOwnProperty(proto, KeyFromAtom(atom(AtomId::constructor)), Value::FromObject(obj),
                        kHiddenAttrs);
    DefineOwnProperty(f, key, Value::FromObject(proto), kWritable);
    o = f;
    i = o->shape_->Find(key.cell);
  }
  if (i >= 0) {
    r.found = true;
    r.value = o->slots_[i];
    r.attrs = o->shape_->entries_[i].attrs;
    r.holder = o;
  }
  return r;
}

VM::Lookup VM::FindProperty(Object* obj, const PropertyKey& key) {
  int depth = 0;
  for (Object* o = obj; o != nullptr; o = Resolve(o)->proto_) {
    Lookup r = GetOwnProperty(o, key);
    if (r.found) return r;
    // A typed array's numeric keys never reach its prototypes (§10.4.5.4 [[Get]]).
    if (Resolve(o)->klass_ == ObjectClass::kTypedArray &&
        (key.is_index() || (key.kind == PropertyKey::Kind::kAtom &&
                            IsCanonicalNumericString(*this, key.atom()))))
      return {};
    if (++depth > 100000) break;  // cycles are prevented by setPrototypeOf; this is a backstop
  }
  return {};
}

bool VM::GetNoCall(Value receiver, Object* start, const PropertyKey& key, Value* out, Value* getter) {
  Lookup r = FindProperty(start, key);
  if (!r.found) {
    *out = Value::Undefined();
    return true;
  }
  if (r.is_accessor()) {
    auto* acc = static_cast<Accessor*>(r.value.AsHeap());
    if (acc->getter.IsUndefined()) {
      *out = Value::Undefined();
      return true;
    }
    *getter = acc->getter;
    return false;
  }
  *out = r.value;
  return true;
}

Value VM::GetData(Object* obj, const PropertyKey& key, bool* had_accessor) {
  Lookup r = FindProperty(obj, key);
  if (!r.found) return Value::Undefined();
  if (r.is_accessor()) {
    if (had_accessor) *had_accessor = true;
    return Value::Undefined();
  }
  return r.value;
}

// ---------------------------------------------------------------------------------------- define

bool VM::DefineIndexed(Object* obj, uint32_t index, Value v, uint8_t attrs) {
  Object* o = Writable(obj);
  bool simple = attrs == kDefaultAttrs && !o->frozen_elements_ && !o->sealed_elements_;
  auto& el = o->elements_;
  if (simple) {
    if (o->sparse_) o->sparse_->erase(index);
    if (index < el.size()) {
      el[index] = v;
    } else if (index - el.size() <= 1024 || index <= el.size() * 2) {
      if (index >= limits_.max_array_length) {
        Terminate(Termination::kMemoryLimit, "array grows beyond the element limit");
        return false;
      }
      size_t old_cap = el.capacity();
      el.resize(index + 1, Value::Empty());
      el[index] = v;
      if (el.capacity() != old_cap)
        heap_->Account(static_cast<int64_t>((el.capacity() - old_cap) * sizeof(Value)));
    } else {
      o->EnsureSparse()[index] = {v, attrs};
      heap_->Account(64);
    }
  } else {
    if (index < el.size()) el[index] = Value::Empty();
    o->EnsureSparse()[index] = {v, attrs};
    heap_->Account(64);
  }
  if (o->klass_ == ObjectClass::kArray) {
    auto* a = static_cast<ArrayObject*>(o);
    if (index >= a->length) a->length = index + 1;
  }
  return true;
}

bool VM::DefineOwnProperty(Object* obj, const PropertyKey& key, Value v, uint8_t attrs) {
  if (Resolve(obj)->klass_ == ObjectClass::kTypedArray) {
    // §10.4.5.3: only a writable, enumerable, configurable data element inside the array.
    auto* ta = static_cast<TypedArrayObject*>(Resolve(obj));
    uint32_t index;
    bool valid;
    if (TypedNumericKey(*this, ta, key, &index, &valid)) {
      if (!valid || attrs != kDefaultAttrs) return false;
      if (v.IsObject()) {
        Terminate(Termination::kUnsupported,
                  "defining a typed array element from an object value is not supported yet");
        return false;
      }
      if (IsBigIntKind(ta->kind)) {  // ToBigInt (§10.4.5.16 TypedArraySetElement)
        Value big;
        if (!TypedToBigInt(*this, v, &big)) return false;
        TypedSetBig(ta, index, big.AsBigInt());
        return true;
      }
      if (v.IsSymbol() || v.IsBigInt()) {  // ToNumber throws (ECMA-262 §7.1.4)
        ThrowTypeError(v.IsSymbol() ? "Cannot convert a Symbol value to a number"
                                    : "Cannot convert a BigInt value to a number");
        return false;
      }
      TypedSet(ta, index, ToNumberPrimitive(v));
      return true;
    }
  }
  Lookup cur = GetOwnProperty(obj, key);
  Object* o = Resolve(obj);
  if (cur.found && !(cur.attrs & kConfigurable)) {
    // Non-configurable: only a writable data property's value (and writable→false) may change.
    if (cur.is_accessor() || (attrs & kAccessorProp)) return false;
    if ((attrs & kConfigurable) || ((attrs & kEnumerable) != (cur.attrs & kEnumerable))) return false;
    if (!(cur.attrs & kWritable)) {
      if (attrs & kWritable) return false;
      if (!SameValue(cur.value, v)) return false;
      return true;
    }
  }
  if (!cur.found && !o->extensible_) return false;
  if (key.is_index()) {
    if (o->klass_ == ObjectClass::kArray) {
      auto* a = static_cast<ArrayObject*>(o);
      if (key.index >= a->length && !a->length_writable) return false;
    }
    return DefineIndexed(obj, key.index, v, attrs);
  }
  if (o->klass_ == ObjectClass::kArray && IsLengthKey(*this, key)) {
    auto* a = static_cast<ArrayObject*>(Writable(o));
    double d = v.IsNumber() ? v.AsNumber() : -1;
    if (d < 0 || d != static_cast<double>(static_cast<uint32_t>(d))) return false;
    if (!SetArrayLength(a, static_cast<uint32_t>(d))) return false;
    if (!(attrs & kWritable)) a->length_writable = false;
    return true;
  }
  o = Writable(obj);
  int i = o->shape_->Find(key.cell);
  if (i >= 0) {
    if (o->shape_->entries_[i].attrs != attrs) {
      // A new owned shape: inline caches keyed on the old one must not see the new attributes.
      MakeDictionary(o);
      o->shape_->entries_[i].attrs = attrs;
    }
    o->slots_[i] = v;
    return true;
  }
  AddToShape(o, key.cell, attrs);
  size_t before_bytes = o->slots_.HeapBytes();
  o->slots_.push_back(v);  // past the inline slots: 4, then doubling (SlotVector)
  if (o->slots_.HeapBytes() != before_bytes)
    heap_->Account(static_cast<int64_t>(o->slots_.HeapBytes() - before_bytes));
  return true;
}

bool VM::DefineAccessor(Object* obj, const PropertyKey& key, Value getter, Value setter,
                        uint8_t attrs) {
  Lookup cur = GetOwnProperty(obj, key);
  Value g = getter, s = setter;
  if (cur.found && cur.is_accessor()) {
    // Defining only one half keeps the other (object literal `get x` then `set x`).
    auto* old = static_cast<Accessor*>(cur.value.AsHeap());
    if (g.IsEmpty()) g = old->getter;
    if (s.IsEmpty()) s = old->setter;
  }
  if (g.IsEmpty()) g = Value::Undefined();
  if (s.IsEmpty()) s = Value::Undefined();
  auto* acc = heap_->Alloc<Accessor>(g, s);
  return DefineOwnProperty(obj, key, Value::Internal(acc), static_cast<uint8_t>(attrs | kAccessorProp));
}

// ---------------------------------------------------------------------------------------- set

VM::SetStatus VM::SetProperty(Object* obj, const PropertyKey& key, Value v, Value* setter) {
  Object* o = Resolve(obj);
  if (o->klass_ == ObjectClass::kTypedArray) {
    // §10.4.5.5 [[Set]] / TypedArraySetElement: ToNumber first, then out-of-range writes are ignored.
    uint32_t index;
    bool valid;
    if (TypedNumericKey(*this, o, key, &index, &valid)) {
      if (v.IsObject()) {
        // The interpreter converts objects with program code before it gets here (SETINDEX helper).
        Terminate(Termination::kUnsupported,
                  "storing an object into a typed array element from a built-in is not supported yet");
        return SetStatus::kThrew;
      }
      if (IsBigIntKind(static_cast<TypedArrayObject*>(o)->kind)) {  // ToBigInt (§10.4.5.16)
        Value big;
        if (!TypedToBigInt(*this, v, &big)) return SetStatus::kThrew;
        if (valid) TypedSetBig(static_cast<TypedArrayObject*>(o), index, big.AsBigInt());
        return SetStatus::kOk;
      }
      if (v.IsSymbol() || v.IsBigInt()) {  // ToNumber throws (ECMA-262 §7.1.4)
        ThrowTypeError(v.IsSymbol() ? "Cannot convert a Symbol value to a number"
                                    : "Cannot convert a BigInt value to a number");
        return SetStatus::kThrew;
      }
      double d = ToNumberPrimitive(v);
      if (valid) TypedSet(static_cast<TypedArrayObject*>(o), index, d);
      return SetStatus::kOk;
    }
  }
  // Fast path: an existing own writable data property in the dense elements or the shape.
  if (key.is_index()) {
    if (key.index < o->elements_.size() && !o->elements_[key.index].IsEmpty() &&
        !o->frozen_elements_) {
      Writable(o)->elements_[key.index] = v;
      return SetStatus::kOk;
    }
  } else if (o->klass_ == ObjectClass::kArray && IsLengthKey(*this, key)) {
    auto* a = static_cast<ArrayObject*>(o);
    double d = v.IsNumber() ? v.AsNumber() : v.IsInt() ? static_cast<double>(v.AsInt()) : -1;
    if (!v.IsNumber() && !v.IsInt()) {
      if (v.IsObject()) {
        ThrowTypeError("Cannot convert object to array length");
        return SetStatus::kThrew;
      }
      d = ToNumberPrimitive(v);
      if (has_exception_) return SetStatus::kThrew;  // a Symbol or BigInt
    }
    if (!(d >= 0 && d < 4294967296.0 && d == static_cast<double>(static_cast<uint32_t>(d)))) {
      ThrowRangeError("Invalid array length");
      return SetStatus::kThrew;
    }
    if (!a->length_writable) return SetStatus::kFailed;
    return SetArrayLength(static_cast<ArrayObject*>(Writable(a)), static_cast<uint32_t>(d))
               ? SetStatus::kOk
               : SetStatus::kFailed;
  } else {
    int i = o->shape_->Find(key.cell);
    if (i >= 0) {
      uint8_t attrs = o->shape_->entries_[i].attrs;
      if (attrs & kAccessorProp) {
        auto* acc = static_cast<Accessor*>(o->slots_[i].AsHeap());
        if (acc->setter.IsUndefined()) return SetStatus::kFailed;
        *setter = acc->setter;
        return SetStatus::kCallSetter;
      }
      if (!(attrs & kWritable)) return SetStatus::kFailed;
      Writable(o)->slots_[i] = v;
      return SetStatus::kOk;
    }
  }
  // General path (ECMA-262 §10.1.9.2 OrdinarySetWithOwnDescriptor).
  Lookup found = FindProperty(o, key);
  if (found.found) {
    if (found.is_accessor()) {
      auto* acc = static_cast<Accessor*>(found.value.AsHeap());
      if (acc->setter.IsUndefined()) return SetStatus::kFailed;
      *setter = acc->setter;
      return SetStatus::kCallSetter;
    }
    if (!(found.attrs & kWritable)) return SetStatus::kFailed;
    if (found.holder == o) {
      // Own data property not on the fast path (sparse element, string wrapper).
      return DefineOwnProperty(o, key, v, found.attrs) ? SetStatus::kOk : SetStatus::kFailed;
    }
  }
  if (!o->extensible_) return SetStatus::kFailed;
  if (key.is_index() && o->klass_ == ObjectClass::kArray) {
    auto* a = static_cast<ArrayObject*>(o);
    if (key.index >= a->length && !a->length_writable) return SetStatus::kFailed;
  }
  if (termination_ != Termination::kNone) return SetStatus::kThrew;
  bool ok = DefineOwnProperty(o, key, v, kDefaultAttrs);
  if (termination_ != Termination::kNone) return SetStatus::kThrew;
  return ok ? SetStatus::kOk : SetStatus::kFailed;
}

bool VM::SetArrayLength(ArrayObject* arr, uint32_t new_length) {
  auto* a = static_cast<ArrayObject*>(Writable(arr));
  if (!a->length_writable) return new_length == a->length;
  if (new_length < a->length) {
    if (a->sealed_elements_ || a->frozen_elements_) {
      // Non-configurable elements cannot be deleted.
      bool any = false;
      for (uint32_t i = new_length; i < a->elements_.size(); ++i)
        if (!a->elements_[i].IsEmpty()) any = true;
      if (any) return false;
    }
    // Non-configurable elements stop the truncation just above the highest of them, and nothing below
    // that point is deleted (ECMA-262 §10.4.2.4 ArraySetLength steps 17-18).
    uint32_t floor = new_length;
    if (a->sparse_) {
      for (auto& [idx, p] : *a->sparse_)
        if (idx >= new_length && !(p.second & kConfigurable)) floor = std::max(floor, idx + 1);
    }
    if (a->elements_.size() > floor) a->elements_.resize(floor);
    if (a->sparse_) a->sparse_->erase(a->sparse_->lower_bound(floor), a->sparse_->end());
    if (floor > new_length) {
      a->length = floor;
      return false;
    }
  }
  a->length = new_length;
  return true;
}

void VM::ArrayPush(ArrayObject* arr, Value v) {
  auto* a = static_cast<ArrayObject*>(Writable(arr));
  if (a->sparse_ == nullptr && a->elements_.size() == a->length && !a->frozen_elements_) {
    size_t old_cap = a->elements_.capacity();
    a->elements_.push_back(v);
    if (a->elements_.capacity() != old_cap)
      heap_->Account(static_cast<int64_t>((a->elements_.capacity() - old_cap) * sizeof(Value)));
    a->length++;
    return;
  }
  DefineIndexed(a, a->length, v, kDefaultAttrs);
}

// ---------------------------------------------------------------------------------------- delete

bool VM::DeleteProperty(Object* obj, const PropertyKey& key) {
  if (Resolve(obj)->klass_ == ObjectClass::kTypedArray) {
    uint32_t index;
    bool valid;
    if (TypedNumericKey(*this, Resolve(obj), key, &index, &valid)) return !valid;  // §10.4.5.6
  }
  Lookup cur = GetOwnProperty(obj, key);
  if (!cur.found) return true;
  if (!(cur.attrs & kConfigurable)) return false;
  Object* o = Writable(obj);
  if (key.is_index()) {
    if (key.index < o->elements_.size()) {
      o->elements_[key.index] = Value::Empty();
      while (!o->elements_.empty() && o->elements_.back().IsEmpty() &&
             o->klass_ != ObjectClass::kArray)
        o->elements_.pop_back();
    }
    if (o->sparse_) o->sparse_->erase(key.index);
    return true;
  }
  int i = o->shape_->Find(key.cell);
  if (i < 0) return true;
  Shape* old = o->shape_;
  if (!old->dictionary_ && old->entries_.size() <= kRebuildLimit) {
    // A shape of the transition tree: the object moves to the tree's shape for the remaining entries
    // (shared with every object that deletes the same key), so inline caches keep hitting. The walk
    // starts at this VM's root, never extending a realm shape from a run.
    Shape* s = empty_shape_;
    for (size_t j = 0; j < old->entries_.size(); ++j) {
      if (j == static_cast<size_t>(i)) continue;
      s = Transition(s, old->entries_[j].key, old->entries_[j].attrs);
    }
    o->shape_ = s;
    o->slots_.EraseAt(static_cast<uint32_t>(i));
    return true;
  }
  // Rebuild an owned shape without the entry (slots keep their relative order).
  Shape* s = heap_->Alloc<Shape>();
  s->dictionary_ = true;
  s->entries_ = o->shape_->entries_;
  s->entries_.erase(s->entries_.begin() + i);
  s->BuildIndex();
  heap_->Account(static_cast<int64_t>(s->ExtraBytes()));
  o->shape_ = s;
  o->slots_.EraseAt(static_cast<uint32_t>(i));
  return true;
}

// ---------------------------------------------------------------------------------------- keys

std::vector<PropertyKey> VM::OwnKeys(Object* obj, bool strings, bool symbols, bool only_enumerable) {
  Object* o = Resolve(obj);
  std::vector<PropertyKey> keys;
  if (strings) {
    if (o->klass_ == ObjectClass::kFunction && static_cast<FunctionObject*>(o)->prototype_pending)
      GetOwnProperty(o, PropertyKey::Atom(atom(AtomId::prototype))), o = Resolve(obj);
    if (o->klass_ == ObjectClass::kString && o->internal_.IsString()) {
      for (uint32_t i = 0; i < o->internal_.AsString()->length(); ++i)
        keys.push_back(PropertyKey::Index(i));
    }
    if (o->klass_ == ObjectClass::kTypedArray) {  // §10.4.5.7: the elements, then the named keys
      const uint32_t n = static_cast<TypedArrayObject*>(o)->length;
      keys.reserve(n);
      for (uint32_t i = 0; i < n; ++i) keys.push_back(PropertyKey::Index(i));
    }
    uint8_t el_attrs = ElementAttrs(o, o->frozen_elements_, o->sealed_elements_);
    bool el_ok = !only_enumerable || (el_attrs & kEnumerable);
    if (o->sparse_ == nullptr) {
      if (el_ok)
        for (uint32_t i = 0; i < o->elements_.size(); ++i)
          if (!o->elements_[i].IsEmpty()) keys.push_back(PropertyKey::Index(i));
    } else {
      std::vector<uint32_t> idx;
      if (el_ok)
        for (uint32_t i = 0; i < o->elements_.size(); ++i)
          if (!o->elements_[i].IsEmpty()) idx.push_back(i);
      for (auto& [i, p] : *o->sparse_)
        if (!only_enumerable || (p.second & kEnumerable)) idx.push_back(i);
      std::sort(idx.begin(), idx.end());
      for (uint32_t i : idx) keys.push_back(PropertyKey::Index(i));
    }
    if (!only_enumerable && (o->klass_ == ObjectClass::kArray ||
                             (o->klass_ == ObjectClass::kString && o->internal_.IsString())))
      keys.push_back(PropertyKey::Atom(atom(AtomId::length)));
    for (auto& e : o->shape_->entries_) {
      if (e.key->cell_kind() != CellKind::kString) continue;
      if (only_enumerable && !(e.attrs & kEnumerable)) continue;
      keys.push_back(PropertyKey::Atom(static_cast<String*>(e.key)));
    }
  }
  if (symbols) {
    for (auto& e : o->shape_->entries_) {
      if (e.key->cell_kind() != CellKind::kSymbol) continue;
      if (static_cast<Symbol*>(e.key)->is_private()) continue;  // class private names: not keys
      if (only_enumerable && !(e.attrs & kEnumerable)) continue;
      keys.push_back(PropertyKey::Sym(static_cast<Symbol*>(e.key)));
    }
  }
  return keys;
}

// ---------------------------------------------------------------------------------------- integrity

void VM::SetIntegrityLevel(Object* obj, bool frozen) {
  Object* o = Writable(obj);
  if (o->klass_ == ObjectClass::kFunction && static_cast<FunctionObject*>(o)->prototype_pending)
    GetOwnProperty(o, PropertyKey::Atom(atom(AtomId::prototype)));
  o = Writable(obj);
  o->extensible_ = false;
  MakeDictionary(o);  // fresh owned shape: never mutate a shared or IC-cached one in place
  for (auto& e : o->shape_->entries_) {
    if (IsPrivateKey(e.key)) continue;  // private elements are not properties (§7.3.15)
    e.attrs &= static_cast<uint8_t>(~kConfigurable);
    if (frozen && !(e.attrs & kAccessorProp)) e.attrs &= static_cast<uint8_t>(~kWritable);
  }
  if (frozen) {
    o->frozen_elements_ = true;
  } else {
    o->sealed_elements_ = true;
  }
  if (o->sparse_)
    for (auto& [i, p] : *o->sparse_) {
      p.second &= static_cast<uint8_t>(~kConfigurable);
      if (frozen && !(p.second & kAccessorProp)) p.second &= static_cast<uint8_t>(~kWritable);
    }
  if (o->klass_ == ObjectClass::kArray && frozen) static_cast<ArrayObject*>(o)->length_writable = false;
}

bool VM::TestIntegrityLevel(Object* obj, bool frozen) {
  Object* o = Resolve(obj);
  if (o->extensible_) return false;
  if (frozen && o->klass_ == ObjectClass::kTypedArray && static_cast<TypedArrayObject*>(o)->length > 0)
    return false;  // writable elements
  for (auto& e : o->shape_->entries_) {
    if (IsPrivateKey(e.key)) continue;
    if (e.attrs & kConfigurable) return false;
    if (frozen && !(e.attrs & kAccessorProp) && (e.attrs & kWritable)) return false;
  }
  bool has_elements = false;
  for (auto& v : o->elements_)
    if (!v.IsEmpty()) has_elements = true;
  if (has_elements) {
    if (frozen && !o->frozen_elements_) return false;
    if (!frozen && !o->frozen_elements_ && !o->sealed_elements_) return false;
  }
  if (o->sparse_)
    for (auto& [i, p] : *o->sparse_) {
      if (p.second & kConfigurable) return false;
      if (frozen && !(p.second & kAccessorProp) && (p.second & kWritable)) return false;
    }
  if (frozen && o->klass_ == ObjectClass::kArray && static_cast<ArrayObject*>(o)->length_writable)
    return false;
  return true;
}

// ---------------------------------------------------------------------------------------- built-ins

NativeFunction* VM::DefineMethod(Object* obj, std::string_view name, NativeFn fn, uint32_t length,
                                 int32_t magic) {
  NativeFunction* f = NewNative(name, fn, length, magic);
  DefineOwnProperty(obj, KeyFromName(name), Value::FromObject(f), kHiddenAttrs);
  return f;
}

void VM::DefineValue(Object* obj, std::string_view name, Value v, uint8_t attrs) {
  DefineOwnProperty(obj, KeyFromName(name), v, attrs);
}

void VM::DefineGetter(Object* obj, std::string_view name, NativeFn fn, int32_t magic) {
  NativeFunction* f = NewNative(std::string("get ") + std::string(name), fn, 0, magic);
  DefineAccessor(obj, KeyFromName(name), Value::FromObject(f), Value::Undefined(), kConfigurable);
}

}  // namespace codemode::vm
