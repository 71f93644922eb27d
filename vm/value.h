// Values: 16-byte tagged (DESIGN §4). Numbers are doubles (JS number, Lua float); Lua integers have their
// own tag. Heap references point at HeapCell subclasses; `<empty>` is the internal TDZ / hole / "iteration
// done" marker and never escapes to program code.
#pragma once

#include <cstdint>
#include <cstring>

namespace codemode::vm {

class HeapCell;
class String;
class Symbol;
class Object;
class BigInt;

enum class Tag : uint8_t {
  kUndefined = 0,
  kNull,
  kBool,
  kNumber,
  kInt,    // Lua integer
  kEmpty,  // internal marker
  // Heap references from here on.
  kString,
  kSymbol,
  kObject,
  kBigInt,
  kInternal,  // cells, enumerators and other engine-internal heap cells
};

class Value {
 public:
  constexpr Value() : bits_(0), tag_word_(static_cast<uint64_t>(Tag::kUndefined)) {}

  static constexpr Value Undefined() { return Value(); }
  static Value Null() { return Value(Tag::kNull, 0); }
  static Value Empty() { return Value(Tag::kEmpty, 0); }
  static Value Bool(bool b) { return Value(Tag::kBool, b ? 1 : 0); }
  static Value Number(double d) {
    Value v;
    v.tag_word_ = static_cast<uint64_t>(Tag::kNumber);
    std::memcpy(&v.bits_, &d, sizeof d);
    return v;
  }
  static Value Int(int64_t i) { return Value(Tag::kInt, static_cast<uint64_t>(i)); }
  static Value FromString(String* s) { return Ptr(Tag::kString, reinterpret_cast<HeapCell*>(s)); }
  static Value FromSymbol(Symbol* s) { return Ptr(Tag::kSymbol, reinterpret_cast<HeapCell*>(s)); }
  static Value FromObject(Object* o) { return Ptr(Tag::kObject, reinterpret_cast<HeapCell*>(o)); }
  static Value FromBigInt(BigInt* b) { return Ptr(Tag::kBigInt, reinterpret_cast<HeapCell*>(b)); }
  static Value Internal(HeapCell* c) { return Ptr(Tag::kInternal, c); }

  Tag tag() const { return static_cast<Tag>(tag_word_); }
  bool IsUndefined() const { return tag() == Tag::kUndefined; }
  bool IsNull() const { return tag() == Tag::kNull; }
  bool IsNullish() const { return tag() <= Tag::kNull; }
  bool IsBool() const { return tag() == Tag::kBool; }
  bool IsNumber() const { return tag() == Tag::kNumber; }
  bool IsInt() const { return tag() == Tag::kInt; }
  bool IsEmpty() const { return tag() == Tag::kEmpty; }
  bool IsString() const { return tag() == Tag::kString; }
  bool IsSymbol() const { return tag() == Tag::kSymbol; }
  bool IsObject() const { return tag() == Tag::kObject; }
  bool IsBigInt() const { return tag() == Tag::kBigInt; }
  bool IsInternal() const { return tag() == Tag::kInternal; }
  bool IsHeap() const { return tag() >= Tag::kString; }
  // JS: a value that is not an object (Empty excluded by callers).
  bool IsPrimitive() const { return tag() != Tag::kObject; }

  bool AsBool() const { return bits_ != 0; }
  double AsNumber() const {
    double d;
    std::memcpy(&d, &bits_, sizeof d);
    return d;
  }
  int64_t AsInt() const { return static_cast<int64_t>(bits_); }
  HeapCell* AsHeap() const { return reinterpret_cast<HeapCell*>(bits_); }
  String* AsString() const { return reinterpret_cast<String*>(bits_); }
  Symbol* AsSymbol() const { return reinterpret_cast<Symbol*>(bits_); }
  Object* AsObject() const { return reinterpret_cast<Object*>(bits_); }
  BigInt* AsBigInt() const { return reinterpret_cast<BigInt*>(bits_); }

  // Identity of the representation (same tag and bits). Not JS equality.
  bool RawEquals(const Value& o) const { return tag_word_ == o.tag_word_ && bits_ == o.bits_; }
  uint64_t raw_bits() const { return bits_; }

 private:
  constexpr Value(Tag t, uint64_t bits) : bits_(bits), tag_word_(static_cast<uint64_t>(t)) {}
  static Value Ptr(Tag t, HeapCell* p) { return Value(t, reinterpret_cast<uint64_t>(p)); }

  uint64_t bits_;
  // The tag in a whole word (the upper bytes always zero) rather than a byte plus padding: copies then
  // move two full words, and a read of a just-written value is forwarded from the store instead of
  // stalling on a partial (byte) store followed by a word load.
  uint64_t tag_word_;
};

static_assert(sizeof(Value) == 16, "Value must be 16 bytes");

}  // namespace codemode::vm
