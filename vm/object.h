// Objects (DESIGN §4): hidden classes (Shape) with slots for named properties, a dense element vector for
// array-index keys (holes are <empty>), and a sparse map for far or non-default indexed properties.
// Property order follows ECMA-262 OrdinaryOwnPropertyKeys: indices ascending, then strings, then symbols,
// each in insertion order.
//
// Shapes form transition trees per heap. The realm's shapes are shared and never transitioned by a run:
// a run that adds a property to an object with a shared shape gives that object its own dictionary shape.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "vm/bytecode.h"
#include "vm/heap.h"
#include "vm/string.h"
#include "vm/value.h"

namespace codemode::vm {

class VM;
class Object;
}  // namespace codemode::vm
namespace codemode::snapshot {
class Codec;
}  // namespace codemode::snapshot
namespace codemode::vm {

enum PropAttr : uint8_t {
  kWritable = 1,
  kEnumerable = 2,
  kConfigurable = 4,
  kAccessorProp = 8,  // the slot holds an Accessor cell
};
constexpr uint8_t kDefaultAttrs = kWritable | kEnumerable | kConfigurable;
constexpr uint8_t kHiddenAttrs = kWritable | kConfigurable;  // built-in methods: not enumerable

// A property key: an array index, an interned String (atom) or a Symbol.
struct PropertyKey {
  enum class Kind : uint8_t { kIndex, kAtom, kSymbol };
  Kind kind = Kind::kIndex;
  uint32_t index = 0;
  HeapCell* cell = nullptr;

  static PropertyKey Index(uint32_t i) { return {Kind::kIndex, i, nullptr}; }
  static PropertyKey Atom(String* s) { return {Kind::kAtom, 0, s}; }
  static PropertyKey Sym(Symbol* s) { return {Kind::kSymbol, 0, s}; }
  bool is_index() const { return kind == Kind::kIndex; }
  bool is_symbol() const { return kind == Kind::kSymbol; }
  String* atom() const { return static_cast<String*>(cell); }
  bool operator==(const PropertyKey& o) const {
    return kind == o.kind && index == o.index && cell == o.cell;
  }
};

// A class private name or brand (vm/string.h Symbol::private_kind) used as a shape key.
inline bool IsPrivateKey(const HeapCell* key) {
  return key->cell_kind() == CellKind::kSymbol && static_cast<const Symbol*>(key)->is_private();
}

class Shape final : public HeapCell {
 public:
  struct Entry {
    HeapCell* key;  // atom or symbol
    uint8_t attrs;
  };
  Shape() : HeapCell(CellKind::kShape) {}

  // Index of the key's slot or -1.
  int Find(HeapCell* key) const;
  const std::vector<Entry>& entries() const { return entries_; }
  bool dictionary() const { return dictionary_; }

  void Trace(Tracer& t) override;
  size_t ExtraBytes() const override {
    return entries_.capacity() * sizeof(Entry) + index_.capacity() * 24 + transitions_.size() * 32;
  }

 private:
  friend class VM;
  friend class Object;
  friend class Realm;
  friend class snapshot::Codec;
  void BuildIndex();

  std::vector<Entry> entries_;
  absl::flat_hash_map<HeapCell*, uint32_t> index_;  // built when entries_ grows past a few
  // (key, attrs) → child shape; only in non-dictionary shapes.
  absl::flat_hash_map<std::pair<HeapCell*, uint8_t>, Shape*> transitions_;
  bool dictionary_ = false;  // owned by a single object, mutated in place (append only)
};

// A getter/setter pair stored in a property slot.
class Accessor final : public HeapCell {
 public:
  Accessor(Value g, Value s) : HeapCell(CellKind::kAccessor), getter(g), setter(s) {}
  Value getter;
  Value setter;
  void Trace(Tracer& t) override {
    t.Mark(getter);
    t.Mark(setter);
  }
};

// A captured variable (DESIGN: upvalue). `value` is <empty> while in its TDZ.
class Cell final : public HeapCell {
 public:
  explicit Cell(Value v) : HeapCell(CellKind::kCell), value(v) {}
  Value value;
  void Trace(Tracer& t) override { t.Mark(value); }
};

enum class ObjectClass : uint8_t {
  kOrdinary,
  kArray,
  kFunction,
  kError,
  kBoolean,  // wrapper objects: primitive in Object::internal_
  kNumber,
  kString,
  kSymbol,
  kDate,
  kRegExp,
  kMap,
  kSet,
  kWeakMap,
  kWeakSet,
  kPromise,
  kArguments,
  kIterator,     // built-in iterators (array, map, set, string, for-in): see IteratorObject
  kAsyncState,   // suspended async function activation
  kGenerator,
  kInternal,     // engine-internal records (promise capabilities, ...)
  kLuaTable,     // a Lua table (vm/lua/table.h)
  kLuaThread,    // a Lua coroutine (vm/lua/coroutine.h)
  kArrayBuffer,  // ArrayBufferObject (ECMA-262 §25.1)
  kTypedArray,   // TypedArrayObject: Int8Array … Float64Array (§23.2)
  kDataView,     // TypedArrayObject with kind kDataView (§25.3)
};

// A vector whose first buffer may be placed by the allocator right behind the cell that owns it
// (one allocation, one cache neighbourhood for the header and the values); past that, a heap
// buffer, as a std::vector's. T is trivially copyable; the default T() fills new elements.
template <typename T>
class InlineVector {
 public:
  InlineVector() = default;
  ~InlineVector() { Release(); }
  InlineVector(const InlineVector&) = delete;
  InlineVector& operator=(const InlineVector& o) {
    if (this != &o) Assign(o.data_, o.size_);
    return *this;
  }
  InlineVector& operator=(std::initializer_list<T> values) {
    Assign(values.begin(), static_cast<uint32_t>(values.size()));
    return *this;
  }

  // Storage of `n` elements placed by the allocator right behind the owner (an empty vector only).
  void UseInline(T* storage, uint32_t n) {
    data_ = storage;
    cap_ = n;
    size_ = 0;
    on_heap_ = false;
  }

  uint32_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  uint32_t capacity() const { return cap_; }
  // Bytes of the out-of-line buffer (inline storage is part of the owner's own allocation size).
  size_t HeapBytes() const { return on_heap_ ? static_cast<size_t>(cap_) * sizeof(T) : 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }

  // (Beyond 2^31 elements the owner would have failed the memory limit long before.)
  void reserve(size_t n) {
    if (n > cap_) Grow(static_cast<uint32_t>(n));
  }
  void push_back(T v) {
    if (size_ == cap_) Grow(cap_ < 4 ? 4 : cap_ * 2);
    data_[size_++] = v;
  }
  // New elements are T() (for Value: undefined).
  void resize(uint32_t n) {
    reserve(n);
    for (uint32_t i = size_; i < n; ++i) data_[i] = T();
    size_ = n;
  }
  // Shrinks to `n` elements (capacity kept).
  void truncate(size_t n) {
    if (n < size_) size_ = static_cast<uint32_t>(n);
  }
  void clear() { size_ = 0; }
  void EraseAt(uint32_t i) {
    for (uint32_t j = i + 1; j < size_; ++j) data_[j - 1] = data_[j];
    --size_;
  }

 private:
  void Assign(const T* src, uint32_t n) {
    reserve(n);
    for (uint32_t i = 0; i < n; ++i) data_[i] = src[i];
    size_ = n;
  }
  void Grow(uint32_t n) {
    T* fresh = std::allocator<T>().allocate(n);
    for (uint32_t i = 0; i < size_; ++i) fresh[i] = data_[i];
    Release();
    data_ = fresh;
    cap_ = n;
    on_heap_ = true;
  }
  void Release() {
    if (on_heap_) std::allocator<T>().deallocate(data_, cap_);
    on_heap_ = false;
  }

  T* data_ = nullptr;
  uint32_t size_ = 0;
  uint32_t cap_ : 31 = 0;
  uint32_t on_heap_ : 1 = 0;
};

// Storage of an object's named-property values, in shape order. Objects made by
// Heap::AllocWithSlots keep their first few values right behind the object (most objects have a
// handful of properties).
using SlotVector = InlineVector<Value>;

// Inline slots of ordinary objects made by VM::NewObject (object literals, `new`, Object.create…).
constexpr uint32_t kObjectInlineSlots = 4;

class Object : public HeapCell {
 public:
  Object(ObjectClass klass, Shape* shape, Object* proto)
      : HeapCell(CellKind::kObject), klass_(klass), shape_(shape), proto_(proto) {}

  ObjectClass klass() const { return klass_; }
  Shape* shape() const { return shape_; }
  Object* proto() const { return proto_; }
  void set_proto(Object* p) { proto_ = p; }
  bool extensible() const { return extensible_; }
  void set_extensible(bool e) { extensible_ = e; }

  SlotVector& slots() { return slots_; }
  const SlotVector& slots() const { return slots_; }
  std::vector<Value>& elements() { return elements_; }
  // Sparse / non-default indexed properties: index → (value, attrs).
  std::map<uint32_t, std::pair<Value, uint8_t>>* sparse() { return sparse_.get(); }
  std::map<uint32_t, std::pair<Value, uint8_t>>& EnsureSparse();
  // True when every indexed property lives in elements_ with default attributes.
  bool simple_elements() const { return sparse_ == nullptr && !frozen_elements_; }
  bool frozen_elements() const { return frozen_elements_; }
  void set_frozen_elements(bool f) { frozen_elements_ = f; }

  // Generic internal slot (wrapper primitive, Date time value, …).
  Value internal() const { return internal_; }
  void set_internal(Value v) { internal_ = v; }

  void Trace(Tracer& t) override;
  size_t ExtraBytes() const override {
    return slots_.HeapBytes() + elements_.capacity() * sizeof(Value) +
           (sparse_ ? sparse_->size() * 64 : 0);
  }

 protected:
  friend class VM;
  friend class snapshot::Codec;
  ObjectClass klass_;
  bool extensible_ = true;
  bool frozen_elements_ = false;  // elements are non-writable/non-configurable (freeze/seal)
  bool sealed_elements_ = false;
  Shape* shape_;
  Object* proto_;
  SlotVector slots_;
  std::vector<Value> elements_;
  std::unique_ptr<std::map<uint32_t, std::pair<Value, uint8_t>>> sparse_;
  Value internal_;
};

class ArrayObject final : public Object {
 public:
  ArrayObject(Shape* shape, Object* proto) : Object(ObjectClass::kArray, shape, proto) {}
  uint32_t length = 0;
  bool length_writable = true;
};

// ArrayBuffer (ECMA-262 §25.1): a fixed-length byte block. Its bytes are charged to the heap's live
// count (ExtraBytes) and checked against the memory limit before they are allocated (vm/typed_array.h).
class ArrayBufferObject final : public Object {
 public:
  ArrayBufferObject(Shape* shape, Object* proto) : Object(ObjectClass::kArrayBuffer, shape, proto) {}
  std::vector<uint8_t> data;
  size_t ExtraBytes() const override { return Object::ExtraBytes() + data.capacity(); }
};

// Element types of typed arrays (ECMA-262 Table 71), in the order of the snapshot encoding;
// kDataView marks a DataView (byte-addressed, no element type). The BigInt element types come after
// it so that the encoding of the older kinds did not change.
enum class TypedKind : uint8_t {
  kInt8,
  kUint8,
  kUint8Clamped,
  kInt16,
  kUint16,
  kInt32,
  kUint32,
  kFloat32,
  kFloat64,
  kDataView,
  kBigInt64,
  kBigUint64,
};

// A view on an ArrayBufferObject (kept in internal_, so tracing and snapshots see it like any value):
// a typed array (class kTypedArray; `length` in elements) or a DataView (class kDataView; `length` in
// bytes). Views are fixed-length: resizable buffers are not supported (UnsupportedSyntax).
class TypedArrayObject final : public Object {
 public:
  TypedArrayObject(ObjectClass klass, Shape* shape, Object* proto, TypedKind kind)
      : Object(klass, shape, proto), kind(kind) {}
  TypedKind kind;
  uint32_t byte_offset = 0;
  uint32_t length = 0;
  ArrayBufferObject* buffer() const { return static_cast<ArrayBufferObject*>(internal_.AsObject()); }
};

// Native built-in: returns the result, or Value::Empty() after VM::Throw* / VM::TailCall (the interpreter
// then looks at the VM's pending state). Natives never call program code directly (DESIGN §3.1).
struct CallArgs {
  Value this_value;
  Value* argv;
  uint32_t argc;
  Value new_target;  // undefined unless called by `new`
  Object* callee;
  Value operator[](uint32_t i) const { return i < argc ? argv[i] : Value::Undefined(); }
};
using NativeFn = Value (*)(VM& vm, CallArgs& args);

// A FunctionProto loaded into a heap: constants as values, children resolved.
class Proto final : public HeapCell {
 public:
  Proto() : HeapCell(CellKind::kProto) {}
  const bytecode::FunctionProto* bc = nullptr;  // owned by the module the VM keeps alive
  // Copies of bc's fields a call and the interpreter's frame entry read, one pointer hop closer
  // (set by VM::LoadModule): the call path is a chain of dependent loads.
  const isa::Instr* code = nullptr;  // bc->code.data()
  uint8_t num_params = 0;
  uint8_t num_regs = 1;
  bool has_rest = false;
  std::vector<Value> constants;
  std::vector<PropertyKey> keys;  // per constant: its property key (string constants)
  std::vector<Proto*> children;
  String* name = nullptr;
  // Inline caches: one per code word, used by GETFIELD/SETFIELD (shared protos never write them).
  struct InlineCache {
    Shape* shape = nullptr;
    uint32_t slot = 0;
  };
  std::vector<InlineCache> ics;
  std::vector<Value> template_cache;  // per constant: the frozen strings array of a tagged template
  void Trace(Tracer& t) override;
  size_t ExtraBytes() const override {
    return constants.capacity() * sizeof(Value) + ics.capacity() * sizeof(InlineCache);
  }
};

enum class FunctionType : uint8_t { kClosure, kNative, kBound };

class FunctionObject : public Object {
 public:
  FunctionObject(FunctionType type, Shape* shape, Object* proto)
      : Object(ObjectClass::kFunction, shape, proto), type(type) {}
  FunctionType type;
  bool is_constructor = false;
  bool prototype_pending = false;  // `prototype` is created on first access (most functions never use it)
};

class Closure final : public FunctionObject {
 public:
  Closure(Shape* shape, Object* proto, Proto* p)
      : FunctionObject(FunctionType::kClosure, shape, proto), proto_fn(p) {}
  Proto* proto_fn;
  std::vector<Cell*> upvals;
  Object* home_object = nullptr;  // for `super` (classes)
  void Trace(Tracer& t) override;
  size_t ExtraBytes() const override {
    return Object::ExtraBytes() + upvals.capacity() * sizeof(Cell*);
  }
};

class NativeFunction final : public FunctionObject {
 public:
  NativeFunction(Shape* shape, Object* proto, NativeFn fn, int32_t magic)
      : FunctionObject(FunctionType::kNative, shape, proto), fn(fn), magic(magic) {}
  NativeFn fn;
  int32_t magic;     // lets one C++ function serve several built-ins
  Value data;        // per-function data (e.g. a promise's resolving-function record, a tool path)
  void Trace(Tracer& t) override {
    Object::Trace(t);
    t.Mark(data);
  }
};

class BoundFunction final : public FunctionObject {
 public:
  BoundFunction(Shape* shape, Object* proto)
      : FunctionObject(FunctionType::kBound, shape, proto) {}
  Value target;
  Value bound_this;
  std::vector<Value> bound_args;
  void Trace(Tracer& t) override;
};

// Promise (ECMA-262 §27.2). Reactions are kept until settlement.
struct PromiseReaction {
  Value capability;  // the derived promise object, or undefined (await / internal)
  Value handler;     // callable or undefined
  Value aux;         // engine data (e.g. the async activation to resume)
  uint8_t type = 0;  // 0 fulfill, 1 reject
  uint8_t special = 0;  // see VM::ReactionKind
};

class PromiseObject final : public Object {
 public:
  PromiseObject(Shape* shape, Object* proto) : Object(ObjectClass::kPromise, shape, proto) {}
  enum class State : uint8_t { kPending, kFulfilled, kRejected };
  State state = State::kPending;
  Value result;
  bool handled = false;
  bool already_resolved = false;  // the default resolving functions were used
  uint64_t serial = 0;            // creation order (unhandled-rejection warnings)
  std::vector<PromiseReaction> fulfill_reactions;
  std::vector<PromiseReaction> reject_reactions;
  void Trace(Tracer& t) override;
};

// Insertion-ordered hash table with live iteration (Map, Set): deleted entries leave tombstones that
// iterators skip; compaction only happens when no iterator could observe it (it rebuilds positions).
class MapObject final : public Object {
 public:
  MapObject(ObjectClass k, Shape* shape, Object* proto) : Object(k, shape, proto) {}
  struct Entry {
    Value key;  // <empty> = deleted
    Value value;
  };
  std::vector<Entry> entries;
  uint32_t live = 0;
  struct KeyHash {
    size_t operator()(const Value& v) const;
  };
  struct KeyEq {
    bool operator()(const Value& a, const Value& b) const;
  };
  absl::flat_hash_map<Value, uint32_t, KeyHash, KeyEq> index;  // normalized key → entry position
  void Trace(Tracer& t) override;
  size_t ExtraBytes() const override {
    return Object::ExtraBytes() + entries.capacity() * sizeof(Entry) + index.capacity() * 40;
  }
};

// Built-in iterators: array/string/map/set/for-in. `target` is the iterated object, `pos` the cursor.
class IteratorObject final : public Object {
 public:
  enum class Kind : uint8_t {
    kArrayValues,
    kArrayKeys,
    kArrayEntries,
    kStringValues,
    kMapKeys,
    kMapValues,
    kMapEntries,
    kSetValues,
    kSetEntries,
    kForIn,
  };
  IteratorObject(Shape* shape, Object* proto, Kind kind)
      : Object(ObjectClass::kIterator, shape, proto), kind(kind) {}
  Kind kind;
  bool done = false;
  Value target;
  uint64_t pos = 0;
  std::vector<Value> keys;  // for-in: the keys collected up front
  void Trace(Tracer& t) override;
};

// A suspended activation (async function after `await`, later generators): registers copied off the stack.
class ActivationObject final : public Object {
 public:
  ActivationObject(ObjectClass k, Shape* shape, Object* proto) : Object(k, shape, proto) {}
  Value closure;                 // the Closure
  std::vector<Value> registers;  // R0 .. num_regs-1 and the function slot at [-1] not included
  uint32_t pc = 0;
  Value new_target;
  Value promise;    // async: the result promise
  uint8_t resume_reg = 0;
  uint32_t argc = 0;
  bool running = false;
  bool finished = false;
  void Trace(Tracer& t) override;
};

}  // namespace codemode::vm
