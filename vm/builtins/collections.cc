// Map, Set, WeakMap, WeakSet natives (ECMA-262 2024 §24.1-24.4) and their iterators (§24.1.5,
// §24.2.5). Callback-taking methods (forEach, Map.groupBy), the ES2025 Set methods and constructors
// fed by generic iterables are written in vm/prelude/30-collections.js over the __intrinsics__
// helpers defined here.
#include "vm/builtins/collections.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "vm/bigint.h"
#include "vm/builtins/error.h"
#include "vm/realm.h"
#include "vm/string.h"

namespace codemode::vm {

// ---------------------------------------------------------------------------------------- hashing

// SameValueZero (ECMA-262 §7.2.11) hash: +0/-0 alike, every NaN alike, strings by content,
// BigInts by value, everything else by identity.
size_t MapObject::KeyHash::operator()(const Value& v) const {
  switch (v.tag()) {
    case Tag::kNumber: {
      double d = v.AsNumber();
      if (d == 0) return absl::HashOf(0.0);
      if (std::isnan(d)) return absl::HashOf(7, 7);
      return absl::HashOf(d);
    }
    case Tag::kInt:
      return absl::HashOf(static_cast<double>(v.AsInt()));
    case Tag::kString:
      return absl::HashOf(v.AsString()->Hash(), 1);
    case Tag::kBigInt:
      return absl::HashOf(bigint::Hash(v.AsBigInt()->num()), 2);
    case Tag::kUndefined:
    case Tag::kNull:
    case Tag::kBool:
    case Tag::kEmpty:
      return absl::HashOf(static_cast<int>(v.tag()), v.raw_bits());
    default:
      return absl::HashOf(v.raw_bits());
  }
}

bool MapObject::KeyEq::operator()(const Value& a, const Value& b) const {
  bool an = a.IsNumber() || a.IsInt(), bn = b.IsNumber() || b.IsInt();
  if (an || bn) {
    if (!an || !bn) return false;
    double x = a.IsNumber() ? a.AsNumber() : static_cast<double>(a.AsInt());
    double y = b.IsNumber() ? b.AsNumber() : static_cast<double>(b.AsInt());
    return x == y || (std::isnan(x) && std::isnan(y));
  }
  if (a.tag() != b.tag()) return false;
  if (a.IsString()) return String::Equals(a.AsString(), b.AsString());
  if (a.IsBigInt()) return bigint::Compare(a.AsBigInt()->num(), b.AsBigInt()->num()) == 0;
  return a.RawEquals(b);
}

namespace {

// ---------------------------------------------------------------------------------------- data

// Compaction happens when at least this many entries are tombstones and they outnumber live ones.
constexpr size_t kCompactMinDead = 32;

void AccountDelta(VM& vm, MapObject* m, size_t before) {
  size_t after = m->ExtraBytes();
  vm.heap().Account(static_cast<int64_t>(after) - static_cast<int64_t>(before));
}

// -0 → +0 (§24.1.3.9 step 4, §24.2.3.1 step 3); a BigInt becomes the instance already stored under
// an equal value so the identity-based index finds it (a linear scan: BigInt keys are rare).
Value NormalizeKey(VM& vm, MapObject* m, Value key) {
  if (key.IsNumber() && key.AsNumber() == 0) return Value::Number(0);
  if (key.IsBigInt()) {
    for (const auto& e : m->entries)
      if (e.key.IsBigInt() && vm.SameValueZero(e.key, key)) return e.key;
  }
  return key;
}

// Iterators and compaction (as V8's OrderedHashTable does with obsolete tables): a collection that
// has had an iterator keeps a "generation" record in its internal slot, and each iterator remembers
// the record current when it last moved (IteratorObject::keys[0]). Compaction writes into the
// current record the runs of positions it removed and a link to a fresh record. An iterator that
// finds itself behind follows the links, shifting its cursor past the removed runs. Nothing points
// from a collection to its iterators, so abandoned iterators (a `break`, `const [first] = set`) are
// simply collected with the old records only they still reference.
//
// Record layout (an internal array): [next record or undefined, start0, count0, start1, count1,
// ...].
ArrayObject* CurrentGeneration(MapObject* m) {
  Value g = m->internal();
  return g.IsObject() ? static_cast<ArrayObject*>(g.AsObject()) : nullptr;
}

ArrayObject* EnsureGeneration(VM& vm, MapObject* m) {
  ArrayObject* g = CurrentGeneration(m);
  if (g == nullptr) {
    g = vm.NewArray(1);
    vm.ArrayPush(g, Value::Undefined());
    m->set_internal(Value::FromObject(g));
  }
  return g;
}

// Moves an iterator that last moved in an older generation to the current layout.
void CatchUp(MapObject* m, IteratorObject* it) {
  if (it->keys.empty() || !it->keys[0].IsObject()) return;
  ArrayObject* current = CurrentGeneration(m);
  auto* g = static_cast<ArrayObject*>(it->keys[0].AsObject());
  uint64_t pos = it->pos;
  while (g != current) {
    auto& el = g->elements();
    if (el.empty() || !el[0].IsObject())
      break;  // engine invariant: the chain ends at the current one
    uint64_t removed = 0;
    for (size_t i = 1; i + 1 < el.size(); i += 2) {
      auto start = static_cast<uint64_t>(el[i].AsNumber());
      auto count = static_cast<uint64_t>(el[i + 1].AsNumber());
      if (start >= pos) break;
      removed += std::min(count, pos - start);
    }
    pos -= removed;
    g = static_cast<ArrayObject*>(el[0].AsObject());
  }
  it->pos = pos;
  it->keys[0] = current != nullptr ? Value::FromObject(current) : Value::Undefined();
}

// Drops tombstones; records the removed runs for iterators of earlier generations.
void Compact(VM& vm, MapObject* m) {
  size_t before = m->ExtraBytes();
  size_t old_size = m->entries.size();
  ArrayObject* gen = CurrentGeneration(m);
  std::vector<Value> runs;
  uint32_t w = 0;
  for (size_t i = 0; i < old_size; ++i) {
    if (!m->entries[i].key.IsEmpty()) {
      m->entries[w++] = m->entries[i];
    } else if (gen != nullptr) {
      if (!runs.empty() &&
          runs[runs.size() - 2].AsNumber() + runs.back().AsNumber() == static_cast<double>(i)) {
        runs.back() = Value::Number(runs.back().AsNumber() + 1);
      } else {
        runs.push_back(Value::Number(static_cast<double>(i)));
        runs.push_back(Value::Number(1));
      }
    }
  }
  m->entries.resize(w);
  if (m->entries.capacity() > 2 * static_cast<size_t>(w) + 16) m->entries.shrink_to_fit();
  m->index.clear();
  for (uint32_t i = 0; i < w; ++i) m->index.emplace(m->entries[i].key, i);
  if (gen != nullptr) {
    ArrayObject* next = vm.NewArray(1);
    vm.ArrayPush(next, Value::Undefined());
    gen->elements()[0] = Value::FromObject(next);
    for (Value v : runs) vm.ArrayPush(gen, v);
    m->set_internal(Value::FromObject(next));
  }
  vm.ChargeSteps(old_size / 16 + 1);
  AccountDelta(vm, m, before);
}

void MaybeCompact(VM& vm, MapObject* m) {
  size_t dead = m->entries.size() - m->live;
  if (dead >= kCompactMinDead && dead > m->live) Compact(vm, m);
}

bool IsSetLike(ObjectClass k) { return k == ObjectClass::kSet || k == ObjectClass::kWeakSet; }

}  // namespace

bool MapDataSet(VM& vm, MapObject* m, Value key, Value value) {
  key = NormalizeKey(vm, m, key);
  auto it = m->index.find(key);
  if (it != m->index.end()) {
    m->entries[it->second].value = value;
    return true;
  }
  if (m->entries.size() >= kMaxCollectionSize) {
    if (m->live < m->entries.size()) Compact(vm, m);
    if (m->entries.size() >= kMaxCollectionSize) {
      vm.ThrowRangeError(IsSetLike(m->klass()) ? "Set maximum size exceeded"
                                               : "Map maximum size exceeded");
      return false;
    }
  }
  size_t before = m->ExtraBytes();
  auto pos = static_cast<uint32_t>(m->entries.size());
  m->entries.push_back({key, value});
  m->index.emplace(key, pos);
  ++m->live;
  AccountDelta(vm, m, before);
  return true;
}

Value* MapDataFind(VM& vm, MapObject* m, Value key) {
  key = NormalizeKey(vm, m, key);
  auto it = m->index.find(key);
  return it == m->index.end() ? nullptr : &m->entries[it->second].value;
}

bool MapDataDelete(VM& vm, MapObject* m, Value key) {
  key = NormalizeKey(vm, m, key);
  auto it = m->index.find(key);
  if (it == m->index.end()) return false;
  uint32_t pos = it->second;
  m->index.erase(it);
  m->entries[pos] = {Value::Empty(), Value::Undefined()};
  --m->live;
  MaybeCompact(vm, m);
  return true;
}

void MapDataClear(VM& vm, MapObject* m) {
  for (auto& e : m->entries) e = {Value::Empty(), Value::Undefined()};
  m->live = 0;
  Compact(vm, m);
}

IteratorObject* NewCollectionIterator(VM& vm, MapObject* m, IteratorObject::Kind kind) {
  ArrayObject* gen = EnsureGeneration(vm, m);
  IteratorObject* it = vm.NewIterator(kind, Value::FromObject(m));
  it->keys.push_back(Value::FromObject(gen));
  vm.heap().Account(sizeof(Value));
  return it;
}

void SyncCollectionIterator(IteratorObject* it) {
  if (it->done || !it->target.IsObject()) return;
  CatchUp(static_cast<MapObject*>(it->target.AsObject()), it);
}

bool CollectionIteratorNext(VM& vm, IteratorObject* it, Value* key, Value* value) {
  if (it->done || !it->target.IsObject()) return false;
  auto* m = static_cast<MapObject*>(it->target.AsObject());
  CatchUp(m, it);
  while (it->pos < m->entries.size()) {
    const auto& e = m->entries[it->pos++];
    if (e.key.IsEmpty()) continue;
    *key = e.key;
    *value = IsSetLike(m->klass()) ? e.key : e.value;
    return true;
  }
  it->done = true;
  it->target = Value::Undefined();
  it->keys.clear();
  return false;
}

namespace {

// ---------------------------------------------------------------------------------------- helpers

const char* const kClassNames[] = {"Map", "Set", "WeakMap", "WeakSet"};
enum Coll { kMap = 0, kSet = 1, kWeakMap = 2, kWeakSet = 3 };
ObjectClass ClassOf(int c) {
  switch (c) {
    case kMap:
      return ObjectClass::kMap;
    case kSet:
      return ObjectClass::kSet;
    case kWeakMap:
      return ObjectClass::kWeakMap;
    default:
      return ObjectClass::kWeakSet;
  }
}

// The receiver as a collection of class `c`, or nullptr after throwing V8's TypeError.
MapObject* Receiver(VM& vm, Value self, int c, std::string_view method) {
  if (self.IsObject()) {
    Object* o = self.AsObject();
    if (!o->is_shared() && o->klass() == ClassOf(c)) return static_cast<MapObject*>(o);
  }
  vm.ThrowTypeError(absl::StrCat("Method ", std::string(method),
                                 " called on incompatible receiver ",
                                 DescribeForMessage(vm, self)));
  return nullptr;
}

// CanBeHeldWeakly (ECMA-262 §9.13).
bool CanBeHeldWeakly(Value v) {
  return v.IsObject() || (v.IsSymbol() && !v.AsSymbol()->registered);
}

Value IterResult(VM& vm, Value value, bool done) { return vm.MakeIterResult(value, done); }

// The collection's slow constructor path (prelude), stored in the constructor's `data`.
Value SlowCtor(VM& vm, CallArgs& args) {
  return static_cast<NativeFunction*>(vm.Resolve(args.callee))->data;
}

bool IsPlainArrayIteration(VM& vm, Value v) {
  if (!vm.IsArray(v)) return false;
  const Intrinsics& in = vm.realm().intrinsics();
  if (in.sym_iterator == nullptr || in.array_values == nullptr) return false;
  VM::Lookup it = vm.FindProperty(v.AsObject(), PropertyKey::Sym(in.sym_iterator));
  if (!it.found || it.is_accessor() || !it.value.IsObject() ||
      it.value.AsObject() != in.array_values)
    return false;
  if (in.array_iterator_prototype != nullptr && in.array_iterator_next != nullptr) {
    VM::Lookup next =
        vm.FindProperty(in.array_iterator_prototype, vm.KeyFromAtom(vm.atom(AtomId::next)));
    if (!next.found || next.is_accessor() || !next.value.IsObject() ||
        next.value.AsObject() != in.array_iterator_next)
      return false;
  }
  return true;
}

Value MapSetNative(VM& vm, CallArgs& args);
Value SetAddNative(VM& vm, CallArgs& args);
Value WeakMapSetNative(VM& vm, CallArgs& args);
Value WeakSetAddNative(VM& vm, CallArgs& args);

NativeFn AdderFor(int c) {
  switch (c) {
    case kMap:
      return MapSetNative;
    case kSet:
      return SetAddNative;
    case kWeakMap:
      return WeakMapSetNative;
    default:
      return WeakSetAddNative;
  }
}

std::string EntryDescription(VM& vm, Value v) {
  if (v.IsObject()) return DescribeForMessage(vm, v);
  return DescribeForMessage(vm, v);
}

// ----------------------------------------------------------------------------------------
// constructors

// Map / Set / WeakMap / WeakSet constructors (§24.1.1.1, §24.2.1.1, §24.3.1.1, §24.4.1.1); magic =
// Coll. Arrays iterated the default way go natively when the adder is the original; anything else
// goes through the prelude's AddEntriesFromIterable / set-filling loop with the same (empty)
// collection.
Value CollectionConstruct(VM& vm, CallArgs& args) {
  int c = static_cast<NativeFunction*>(args.callee)->magic;
  if (args.new_target.IsUndefined())
    return vm.ThrowTypeError(absl::StrCat("Constructor ", kClassNames[c], " requires 'new'"));
  const Intrinsics& in = vm.realm().intrinsics();
  Object* default_proto = c == kMap       ? in.map_prototype
                          : c == kSet     ? in.set_prototype
                          : c == kWeakMap ? in.weakmap_prototype
                                          : in.weakset_prototype;
  Object* proto = default_proto;
  if (args.new_target.IsObject()) {
    Value p = vm.GetData(args.new_target.AsObject(), vm.KeyFromAtom(vm.atom(AtomId::prototype)));
    if (p.IsObject()) proto = p.AsObject();
  }
  MapObject* m = vm.NewMap(c == kSet || c == kWeakSet);
  if (c == kWeakMap || c == kWeakSet) {
    // Same representation, weak class: allocate with the shape NewMap just used.
    m = vm.heap().Alloc<MapObject>(ClassOf(c), m->shape(), proto);
  } else {
    m->set_proto(proto);
  }
  Value self = Value::FromObject(m);
  Value iterable = args[0];
  if (iterable.IsNullish()) return self;

  bool is_map = c == kMap || c == kWeakMap;
  PropertyKey adder_key = vm.KeyFromName(is_map ? "set" : "add");
  Value adder, getter;
  bool data = vm.GetNoCall(self, m, adder_key, &adder, &getter);
  Value slow = SlowCtor(vm, args);
  auto go_slow = [&]() -> Value {
    if (!vm.IsCallable(slow)) {
      vm.Terminate(Termination::kInternal, "engine bug: the prelude did not register collections");
      return Value::Empty();
    }
    MapDataClear(vm, m);
    Value call_args[] = {self, iterable, Value::Bool(is_map)};
    return vm.TailCall(slow, Value::Undefined(), call_args);
  };
  if (!data) return go_slow();  // a getter for set/add
  if (!vm.IsCallable(adder)) {
    return vm.ThrowTypeError(absl::StrCat(
        "'", DescribeForMessage(vm, adder), "' returned for property '", is_map ? "set" : "add",
        "' of object '", DescribeForMessage(vm, self), "' is not a function"));
  }
  Object* af = vm.Resolve(adder.AsObject());
  bool original_adder = static_cast<FunctionObject*>(af)->type == FunctionType::kNative &&
                        static_cast<NativeFunction*>(af)->fn == AdderFor(c);
  if (!original_adder || !IsPlainArrayIteration(vm, iterable)) return go_slow();

  Object* src = iterable.AsObject();
  uint32_t len = static_cast<ArrayObject*>(vm.Resolve(src))->length;
  vm.ChargeSteps(len / 16 + 1);
  for (uint32_t i = 0; i < len; ++i) {
    Value item;
    if (!vm.GetNoCall(iterable, src, PropertyKey::Index(i), &item, &getter)) return go_slow();
    Value key = item, value = item;
    if (is_map) {
      if (!item.IsObject()) {
        return vm.ThrowTypeError(
            absl::StrCat("Iterator value ", EntryDescription(vm, item), " is not an entry object"));
      }
      Object* entry = item.AsObject();
      Object* re = vm.Resolve(entry);
      if (re->klass() == ObjectClass::kArray && re->simple_elements() &&
          re->elements().size() >= 2 && !re->elements()[0].IsEmpty() &&
          !re->elements()[1].IsEmpty()) {
        key = re->elements()[0];
        value = re->elements()[1];
      } else if (!vm.GetNoCall(item, entry, PropertyKey::Index(0), &key, &getter) ||
                 !vm.GetNoCall(item, entry, PropertyKey::Index(1), &value, &getter)) {
        return go_slow();
      }
    }
    if ((c == kWeakMap || c == kWeakSet) && !CanBeHeldWeakly(key)) {
      return vm.ThrowTypeError(c == kWeakMap ? "Invalid value used as weak map key"
                                             : "Invalid value used in weak set");
    }
    if (!MapDataSet(vm, m, key, value)) return Value::Empty();
  }
  return self;
}

// get [Symbol.species]
Value SpeciesGetter(VM& vm, CallArgs& args) { return args.this_value; }

// ---------------------------------------------------------------------------------------- Map

Value MapGetNative(VM& vm, CallArgs& args) {
  MapObject* m = Receiver(vm, args.this_value, kMap, "Map.prototype.get");
  if (m == nullptr) return Value::Empty();
  Value* v = MapDataFind(vm, m, args[0]);
  return v ? *v : Value::Undefined();
}

Value MapSetNative(VM& vm, CallArgs& args) {
  MapObject* m = Receiver(vm, args.this_value, kMap, "Map.prototype.set");
  if (m == nullptr) return Value::Empty();
  if (!MapDataSet(vm, m, args[0], args[1])) return Value::Empty();
  return args.this_value;
}

// has / delete / clear / size for Map and Set: magic = Coll.
const char* HasName(int c) {
  static const char* k[] = {"Map.prototype.has", "Set.prototype.has", "WeakMap.prototype.has",
                            "WeakSet.prototype.has"};
  return k[c];
}

Value CollHas(VM& vm, CallArgs& args) {
  int c = static_cast<NativeFunction*>(args.callee)->magic;
  MapObject* m = Receiver(vm, args.this_value, c, HasName(c));
  if (m == nullptr) return Value::Empty();
  if ((c == kWeakMap || c == kWeakSet) && !CanBeHeldWeakly(args[0])) return Value::Bool(false);
  return Value::Bool(MapDataFind(vm, m, args[0]) != nullptr);
}

Value CollDelete(VM& vm, CallArgs& args) {
  int c = static_cast<NativeFunction*>(args.callee)->magic;
  static const char* k[] = {"Map.prototype.delete", "Set.prototype.delete",
                            "WeakMap.prototype.delete", "WeakSet.prototype.delete"};
  MapObject* m = Receiver(vm, args.this_value, c, k[c]);
  if (m == nullptr) return Value::Empty();
  if ((c == kWeakMap || c == kWeakSet) && !CanBeHeldWeakly(args[0])) return Value::Bool(false);
  return Value::Bool(MapDataDelete(vm, m, args[0]));
}

Value CollClear(VM& vm, CallArgs& args) {
  int c = static_cast<NativeFunction*>(args.callee)->magic;
  MapObject* m =
      Receiver(vm, args.this_value, c, c == kMap ? "Map.prototype.clear" : "Set.prototype.clear");
  if (m == nullptr) return Value::Empty();
  MapDataClear(vm, m);
  return Value::Undefined();
}

Value CollSize(VM& vm, CallArgs& args) {
  int c = static_cast<NativeFunction*>(args.callee)->magic;
  MapObject* m = Receiver(vm, args.this_value, c,
                          c == kMap ? "get Map.prototype.size" : "get Set.prototype.size");
  if (m == nullptr) return Value::Empty();
  return Value::Number(m->live);
}

// keys / values / entries: magic = IteratorObject::Kind.
Value CollIterate(VM& vm, CallArgs& args) {
  auto kind = static_cast<IteratorObject::Kind>(static_cast<NativeFunction*>(args.callee)->magic);
  bool set = kind == IteratorObject::Kind::kSetValues || kind == IteratorObject::Kind::kSetEntries;
  const char* name = kind == IteratorObject::Kind::kMapKeys      ? "Map.prototype.keys"
                     : kind == IteratorObject::Kind::kMapValues  ? "Map.prototype.values"
                     : kind == IteratorObject::Kind::kMapEntries ? "Map.prototype.entries"
                     : kind == IteratorObject::Kind::kSetValues  ? "Set.prototype.values"
                                                                 : "Set.prototype.entries";
  MapObject* m = Receiver(vm, args.this_value, set ? kSet : kMap, name);
  if (m == nullptr) return Value::Empty();
  return Value::FromObject(NewCollectionIterator(vm, m, kind));
}

// %MapIteratorPrototype%.next / %SetIteratorPrototype%.next (§24.1.5.2.1, §24.2.5.2.1); magic 0
// map, 1 set.
Value CollIteratorNext(VM& vm, CallArgs& args) {
  bool set = static_cast<NativeFunction*>(args.callee)->magic == 1;
  Value self = args.this_value;
  IteratorObject* it = nullptr;
  if (self.IsObject() && !self.AsObject()->is_shared() &&
      self.AsObject()->klass() == ObjectClass::kIterator) {
    auto* cand = static_cast<IteratorObject*>(self.AsObject());
    bool map_kind = cand->kind == IteratorObject::Kind::kMapKeys ||
                    cand->kind == IteratorObject::Kind::kMapValues ||
                    cand->kind == IteratorObject::Kind::kMapEntries;
    bool set_kind = cand->kind == IteratorObject::Kind::kSetValues ||
                    cand->kind == IteratorObject::Kind::kSetEntries;
    if (set ? set_kind : map_kind) it = cand;
  }
  if (it == nullptr) {
    return vm.ThrowTypeError(absl::StrCat("Method ", set ? "Set Iterator" : "Map Iterator",
                                          ".prototype.next called on incompatible receiver ",
                                          DescribeForMessage(vm, self)));
  }
  Value key, value;
  if (!CollectionIteratorNext(vm, it, &key, &value))
    return IterResult(vm, Value::Undefined(), true);
  switch (it->kind) {
    case IteratorObject::Kind::kMapKeys:
      return IterResult(vm, key, false);
    case IteratorObject::Kind::kMapValues:
    case IteratorObject::Kind::kSetValues:
      return IterResult(vm, value, false);
    default: {
      Value pair[2] = {key, value};
      return IterResult(vm, Value::FromObject(vm.NewArrayFrom(pair)), false);
    }
  }
}

// ---------------------------------------------------------------------------------------- Set

Value SetAddNative(VM& vm, CallArgs& args) {
  MapObject* m = Receiver(vm, args.this_value, kSet, "Set.prototype.add");
  if (m == nullptr) return Value::Empty();
  if (!MapDataSet(vm, m, args[0], Value::Undefined())) return Value::Empty();
  return args.this_value;
}

// ----------------------------------------------------------------------------------------
// WeakMap/Set

Value WeakMapGetNative(VM& vm, CallArgs& args) {
  MapObject* m = Receiver(vm, args.this_value, kWeakMap, "WeakMap.prototype.get");
  if (m == nullptr) return Value::Empty();
  if (!CanBeHeldWeakly(args[0])) return Value::Undefined();
  Value* v = MapDataFind(vm, m, args[0]);
  return v ? *v : Value::Undefined();
}

Value WeakMapSetNative(VM& vm, CallArgs& args) {
  MapObject* m = Receiver(vm, args.this_value, kWeakMap, "WeakMap.prototype.set");
  if (m == nullptr) return Value::Empty();
  if (!CanBeHeldWeakly(args[0])) return vm.ThrowTypeError("Invalid value used as weak map key");
  if (!MapDataSet(vm, m, args[0], args[1])) return Value::Empty();
  return args.this_value;
}

Value WeakSetAddNative(VM& vm, CallArgs& args) {
  MapObject* m = Receiver(vm, args.this_value, kWeakSet, "WeakSet.prototype.add");
  if (m == nullptr) return Value::Empty();
  if (!CanBeHeldWeakly(args[0])) return vm.ThrowTypeError("Invalid value used in weak set");
  if (!MapDataSet(vm, m, args[0], Value::Undefined())) return Value::Empty();
  return args.this_value;
}

// Placeholder for methods the prelude defines in place (keeps V8's property order); reaching it
// means the prelude did not run.
Value PreludeMissing(VM& vm, CallArgs& args) {
  vm.Terminate(Termination::kInternal,
               "engine bug: a collection method was not defined by the prelude");
  return Value::Empty();
}

// ----------------------------------------------------------------------------------------
// intrinsics

MapObject* AsCollection(Value v) {
  if (!v.IsObject() || v.AsObject()->is_shared()) return nullptr;
  ObjectClass k = v.AsObject()->klass();
  if (k != ObjectClass::kMap && k != ObjectClass::kSet && k != ObjectClass::kWeakMap &&
      k != ObjectClass::kWeakSet)
    return nullptr;
  return static_cast<MapObject*>(v.AsObject());
}

Value InternalMisuse(VM& vm, const char* what) {
  return vm.ThrowTypeError(absl::StrCat("internal: ", what, " expects a collection"));
}

// collCheck(value, coll, methodName) → value, or throws the incompatible-receiver TypeError.
Value ICollCheck(VM& vm, CallArgs& args) {
  int c = args[1].IsNumber() ? static_cast<int>(args[1].AsNumber()) : 0;
  if (c < 0 || c > 3) c = 0;
  std::string name = args[2].IsString() ? args[2].AsString()->ToUtf8() : std::string("method");
  if (Receiver(vm, args[0], c, name) == nullptr) return Value::Empty();
  return args[0];
}

// collIterate(collection) → a registered entries iterator (for forEach and the Set methods).
Value ICollIterate(VM& vm, CallArgs& args) {
  MapObject* m = AsCollection(args[0]);
  if (m == nullptr) return InternalMisuse(vm, "collIterate");
  bool set = IsSetLike(m->klass());
  return Value::FromObject(NewCollectionIterator(
      vm, m, set ? IteratorObject::Kind::kSetValues : IteratorObject::Kind::kMapEntries));
}

// collStep(iterator) → the next key, or DONE. collValue(iterator) → the value of the entry just
// stepped.
Value ICollStep(VM& vm, CallArgs& args) {
  if (!args[0].IsObject() || args[0].AsObject()->klass() != ObjectClass::kIterator)
    return InternalMisuse(vm, "collStep");
  auto* it = static_cast<IteratorObject*>(args[0].AsObject());
  Value key, value;
  if (!CollectionIteratorNext(vm, it, &key, &value))
    return Value::FromObject(vm.realm().intrinsics().done_marker);
  return key;
}

Value ICollValue(VM& vm, CallArgs& args) {
  if (!args[0].IsObject() || args[0].AsObject()->klass() != ObjectClass::kIterator)
    return InternalMisuse(vm, "collValue");
  auto* it = static_cast<IteratorObject*>(args[0].AsObject());
  if (it->pos == 0 || !it->target.IsObject()) return Value::Undefined();
  auto* m = static_cast<MapObject*>(it->target.AsObject());
  if (it->pos - 1 >= m->entries.size()) return Value::Undefined();
  return m->entries[it->pos - 1].value;
}

// collSize(collection) → number of live entries.
Value ICollSize(VM& vm, CallArgs& args) {
  MapObject* m = AsCollection(args[0]);
  if (m == nullptr) return InternalMisuse(vm, "collSize");
  return Value::Number(m->live);
}

// collHas(collection, key) / collAdd(collection, key, value) / collDelete(collection, key).
Value ICollHas(VM& vm, CallArgs& args) {
  MapObject* m = AsCollection(args[0]);
  if (m == nullptr) return InternalMisuse(vm, "collHas");
  return Value::Bool(MapDataFind(vm, m, args[1]) != nullptr);
}

Value ICollAdd(VM& vm, CallArgs& args) {
  MapObject* m = AsCollection(args[0]);
  if (m == nullptr) return InternalMisuse(vm, "collAdd");
  if (!MapDataSet(vm, m, args[1], args[2])) return Value::Empty();
  return args[0];
}

Value ICollDelete(VM& vm, CallArgs& args) {
  MapObject* m = AsCollection(args[0]);
  if (m == nullptr) return InternalMisuse(vm, "collDelete");
  return Value::Bool(MapDataDelete(vm, m, args[1]));
}

// newSet(source?) → a fresh Set with %Set.prototype%, holding a copy of source's [[SetData]].
Value INewSet(VM& vm, CallArgs& args) {
  MapObject* s = vm.NewMap(true);
  if (MapObject* src = AsCollection(args[0])) {
    vm.ChargeSteps(src->entries.size() / 16 + 1);
    for (const auto& e : src->entries)
      if (!e.key.IsEmpty() && !MapDataSet(vm, s, e.key, Value::Undefined())) return Value::Empty();
  }
  return Value::FromObject(s);
}

// newMap() → a fresh Map with %Map.prototype%.
Value INewMap(VM& vm, CallArgs& args) { return Value::FromObject(vm.NewMap(false)); }

// mapGroupAdd(map, key, value): AddValueToKeyedGroup (§7.3.35) on a Map's data: appends value to
// the array stored under key, creating it.
Value IMapGroupAdd(VM& vm, CallArgs& args) {
  MapObject* m = AsCollection(args[0]);
  if (m == nullptr) return InternalMisuse(vm, "mapGroupAdd");
  Value* slot = MapDataFind(vm, m, args[1]);
  if (slot != nullptr && vm.IsArray(*slot)) {
    vm.ArrayPush(static_cast<ArrayObject*>(slot->AsObject()), args[2]);
    return Value::Undefined();
  }
  Value one[1] = {args[2]};
  if (!MapDataSet(vm, m, args[1], Value::FromObject(vm.NewArrayFrom(one)))) return Value::Empty();
  return Value::Undefined();
}

// collSetup(constructorSlow, forEachMap, forEachSet): registers the prelude parts.
Value ICollSetup(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  Object* ctors = self->data.AsObject();
  for (Value c : ctors->elements()) static_cast<NativeFunction*>(c.AsObject())->data = args[0];
  return Value::Undefined();
}

void SetToStringTag(VM& vm, Intrinsics& in, Object* o, std::string_view tag) {
  if (in.sym_to_string_tag != nullptr)
    vm.DefineOwnProperty(o, PropertyKey::Sym(in.sym_to_string_tag), vm.Str(tag), kConfigurable);
}

NativeFunction* MakeCtor(VM& vm, Intrinsics& in, int c, Object* proto) {
  NativeFunction* ctor =
      vm.NewNative(kClassNames[c], CollectionConstruct, 0, c, /*constructor=*/true);
  vm.DefineOwnProperty(ctor, vm.KeyFromAtom(vm.atom(AtomId::prototype)), Value::FromObject(proto),
                       0);
  vm.DefineValue(proto, "constructor", Value::FromObject(ctor));
  if (c == kMap || c == kSet) {
    if (in.sym_species != nullptr) {
      NativeFunction* g = vm.NewNative("get [Symbol.species]", SpeciesGetter, 0);
      vm.DefineAccessor(ctor, PropertyKey::Sym(in.sym_species), Value::FromObject(g),
                        Value::Undefined(), kConfigurable);
    }
  }
  vm.DefineValue(in.global, kClassNames[c], Value::FromObject(ctor), kHiddenAttrs);
  return ctor;
}

}  // namespace

void InstallCollectionBuiltins(VM& vm, Intrinsics& in) {
  using K = IteratorObject::Kind;
  std::vector<Value> ctors;

  // Map (property order as V8: constructor get set has delete clear entries forEach keys size
  // values).
  Object* mp = in.map_prototype;
  ctors.push_back(Value::FromObject(MakeCtor(vm, in, kMap, mp)));
  vm.DefineMethod(mp, "get", MapGetNative, 1);
  vm.DefineMethod(mp, "set", MapSetNative, 2);
  vm.DefineMethod(mp, "has", CollHas, 1, kMap);
  vm.DefineMethod(mp, "delete", CollDelete, 1, kMap);
  vm.DefineMethod(mp, "clear", CollClear, 0, kMap);
  NativeFunction* map_entries =
      vm.DefineMethod(mp, "entries", CollIterate, 0, static_cast<int32_t>(K::kMapEntries));
  vm.DefineMethod(mp, "forEach", PreludeMissing, 1);
  vm.DefineMethod(mp, "keys", CollIterate, 0, static_cast<int32_t>(K::kMapKeys));
  vm.DefineGetter(mp, "size", CollSize, kMap);
  vm.DefineMethod(mp, "values", CollIterate, 0, static_cast<int32_t>(K::kMapValues));
  if (in.sym_iterator != nullptr)
    vm.DefineOwnProperty(mp, PropertyKey::Sym(in.sym_iterator), Value::FromObject(map_entries),
                         kHiddenAttrs);
  SetToStringTag(vm, in, mp, "Map");

  // Set (constructor has add delete clear entries forEach size values keys).
  Object* sp = in.set_prototype;
  ctors.push_back(Value::FromObject(MakeCtor(vm, in, kSet, sp)));
  vm.DefineMethod(sp, "has", CollHas, 1, kSet);
  vm.DefineMethod(sp, "add", SetAddNative, 1);
  vm.DefineMethod(sp, "delete", CollDelete, 1, kSet);
  vm.DefineMethod(sp, "clear", CollClear, 0, kSet);
  vm.DefineMethod(sp, "entries", CollIterate, 0, static_cast<int32_t>(K::kSetEntries));
  vm.DefineMethod(sp, "forEach", PreludeMissing, 1);
  vm.DefineGetter(sp, "size", CollSize, kSet);
  NativeFunction* set_values =
      vm.DefineMethod(sp, "values", CollIterate, 0, static_cast<int32_t>(K::kSetValues));
  vm.DefineOwnProperty(sp, vm.KeyFromName("keys"), Value::FromObject(set_values), kHiddenAttrs);
  if (in.sym_iterator != nullptr)
    vm.DefineOwnProperty(sp, PropertyKey::Sym(in.sym_iterator), Value::FromObject(set_values),
                         kHiddenAttrs);
  SetToStringTag(vm, in, sp, "Set");

  // WeakMap (constructor delete get set has), WeakSet (constructor delete has add).
  Object* wmp = in.weakmap_prototype;
  ctors.push_back(Value::FromObject(MakeCtor(vm, in, kWeakMap, wmp)));
  vm.DefineMethod(wmp, "delete", CollDelete, 1, kWeakMap);
  vm.DefineMethod(wmp, "get", WeakMapGetNative, 1);
  vm.DefineMethod(wmp, "set", WeakMapSetNative, 2);
  vm.DefineMethod(wmp, "has", CollHas, 1, kWeakMap);
  SetToStringTag(vm, in, wmp, "WeakMap");
  Object* wsp = in.weakset_prototype;
  ctors.push_back(Value::FromObject(MakeCtor(vm, in, kWeakSet, wsp)));
  vm.DefineMethod(wsp, "delete", CollDelete, 1, kWeakSet);
  vm.DefineMethod(wsp, "has", CollHas, 1, kWeakSet);
  vm.DefineMethod(wsp, "add", WeakSetAddNative, 1);
  SetToStringTag(vm, in, wsp, "WeakSet");

  // Iterators.
  vm.DefineMethod(in.map_iterator_prototype, "next", CollIteratorNext, 0, 0);
  SetToStringTag(vm, in, in.map_iterator_prototype, "Map Iterator");
  vm.DefineMethod(in.set_iterator_prototype, "next", CollIteratorNext, 0, 1);
  SetToStringTag(vm, in, in.set_iterator_prototype, "Set Iterator");

  Value intrinsics = vm.GetGlobal("__intrinsics__");
  if (!intrinsics.IsObject()) return;
  Object* I = intrinsics.AsObject();
  vm.DefineMethod(I, "collCheck", ICollCheck, 3);
  vm.DefineMethod(I, "collIterate", ICollIterate, 1);
  vm.DefineMethod(I, "collStep", ICollStep, 1);
  vm.DefineMethod(I, "collValue", ICollValue, 1);
  vm.DefineMethod(I, "collSize", ICollSize, 1);
  vm.DefineMethod(I, "collHas", ICollHas, 2);
  vm.DefineMethod(I, "collAdd", ICollAdd, 3);
  vm.DefineMethod(I, "collDelete", ICollDelete, 2);
  vm.DefineMethod(I, "newSet", INewSet, 1);
  vm.DefineMethod(I, "newMap", INewMap, 0);
  vm.DefineMethod(I, "mapGroupAdd", IMapGroupAdd, 3);
  NativeFunction* setup = vm.DefineMethod(I, "collSetup", ICollSetup, 1);
  setup->data = Value::FromObject(vm.NewArrayFrom(ctors));
}

}  // namespace codemode::vm
