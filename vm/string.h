// Strings (DESIGN §4): immutable, JS strings have UTF-16 code-unit semantics and are stored one byte per
// unit (Latin-1) whenever every unit is < 256; Lua strings are byte strings stored the same way. Concatenation
// of long strings makes a rope that is flattened (iteratively) on first character access, so a loop of
// a million `s += x` stays linear. Property keys are interned atoms compared by pointer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "vm/heap.h"

namespace codemode::snapshot {
class Codec;
}  // namespace codemode::snapshot

namespace codemode::vm {

class String final : public HeapCell {
 public:
  // Flat strings keep their contents right behind the cell, in the same allocation (one pool cell
  // per string, no separate buffer): make them with NewFlatString, which sizes the allocation.
  struct InlineTag {};
  String(std::string_view one_byte, InlineTag);
  // Callers canonicalize (use only when some unit is >= 256).
  String(std::u16string_view two_byte, InlineTag);
  // Rope.
  String(String* left, String* right);
  ~String() override;
  // Bytes a flat string of `length` units needs behind the cell (a terminating zero unit included,
  // so a one-byte view's data() stays NUL-terminated as it was with std::string).
  static size_t InlineBytes(size_t length, bool one_byte) {
    return (length + 1) * (one_byte ? 1 : sizeof(char16_t));
  }

  uint32_t length() const { return length_; }
  bool is_rope() const { return left_ != nullptr; }
  // Only valid after Flatten().
  bool is_one_byte() const { return one_byte_; }
  bool is_atom() const { return atom_; }

  // Makes the string flat (iterative; no-op if already flat). Shared strings are always flat.
  void Flatten() {
    if (left_ != nullptr) FlattenRope();
  }
  std::string_view one_byte_view() {
    Flatten();
    return flat_one();
  }
  std::u16string_view two_byte_view() {
    Flatten();
    return flat_two();
  }
  char16_t At(uint32_t i) {
    Flatten();
    return one_byte_ ? static_cast<unsigned char>(data_[i])
                     : reinterpret_cast<const char16_t*>(data_)[i];
  }
  // The UTF-16 code units (copies for one-byte strings).
  std::u16string ToU16();
  // UTF-8 with lone surrogates replaced by U+FFFD. For byte strings (Lua) use bytes().
  std::string ToUtf8();
  // The raw bytes of a one-byte string (Lua strings, Latin-1 JS strings).
  std::string_view bytes() { return one_byte_view(); }

  uint32_t Hash();
  // The Hash() of a one-byte string with these contents.
  static uint32_t HashOf(std::string_view one_byte);
  // If this string is a canonical array index ("0".."4294967294"), returns it.
  std::optional<uint32_t> ArrayIndex();

  static bool Equals(String* a, String* b);
  // Lexicographic comparison of UTF-16 code units: <0, 0, >0.
  static int Compare(String* a, String* b);

  void Trace(Tracer& t) override {
    t.Mark(left_);
    t.Mark(right_);
  }
  // Inline contents are part of the cell's allocation size; only a flattened rope owns a buffer.
  size_t ExtraBytes() const override { return owns_buffer() ? InlineBytes(length_, one_byte_) : 0; }

 private:
  friend class VM;
  friend class Realm;
  friend class snapshot::Codec;
  // The contents of a flat string without flattening (callers know it is flat).
  std::string_view flat_one() const { return std::string_view(data_, length_); }
  std::u16string_view flat_two() const {
    return std::u16string_view(reinterpret_cast<const char16_t*>(data_), length_);
  }
  const char* inline_data() const { return reinterpret_cast<const char*>(this + 1); }
  bool owns_buffer() const { return data_ != nullptr && data_ != inline_data(); }
  void FlattenRope();

  uint32_t length_ = 0;
  uint32_t hash_ = 0;
  uint32_t index_ = 0;
  bool hashed_ = false;
  bool one_byte_ = true;
  bool atom_ = false;
  int8_t index_state_ = 0;  // 0 unknown, 1 is index, -1 not an index
  // Flat contents: inline_data() for strings made flat, a heap buffer for a flattened rope, null
  // for a rope not yet flattened. Two-byte contents are char16_t units.
  char* data_ = nullptr;
  String* left_ = nullptr;
  String* right_ = nullptr;
};
static_assert(sizeof(String) == 64, "a string's header is one cache line");

// A flat string in `heap` with the contents copied right behind the cell.
inline String* NewFlatString(Heap& heap, std::string_view latin1) {
  return heap.AllocWithBytes<String>(String::InlineBytes(latin1.size(), true), latin1,
                                     String::InlineTag{});
}
// Callers canonicalize: some unit is >= 256.
inline String* NewFlatString(Heap& heap, std::u16string_view units) {
  return heap.AllocWithBytes<String>(String::InlineBytes(units.size(), false), units,
                                     String::InlineTag{});
}

class Symbol final : public HeapCell {
 public:
  explicit Symbol(Value description) : HeapCell(CellKind::kSymbol), description_(description) {}
  Value description() const { return description_; }
  bool registered = false;  // Symbol.for
  // Private names of classes (ECMA-262 §6.2.12): never visible to program code as values, skipped by
  // OwnKeys and integrity levels, read and written only by the *PRIVATE opcodes.
  enum PrivateKind : uint8_t { kPublic = 0, kPrivateName = 1, kBrand = 2, kStaticBrand = 3 };
  uint8_t private_kind = kPublic;
  bool is_private() const { return private_kind != kPublic; }
  void Trace(Tracer& t) override { t.Mark(description_); }

 private:
  friend class snapshot::Codec;
  Value description_;
};

// Canonical Latin-1 check.
bool FitsOneByte(std::u16string_view s);

}  // namespace codemode::vm
