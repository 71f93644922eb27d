// Lua tables (Lua 5.4 manual §2.1, §3.4.9, §6.1 next/rawlen) as heap objects of the shared VM.
//
// An array part holds the values of the integer keys 1..arr.size() (nil values allowed inside,
// never as the last element), and a hash part holds every other key in insertion order: `entries`
// is the order `next`/`pairs` visit (deterministic and independent of addresses, DESIGN §3.6),
// `index` an open-addressed table of positions into it. Removing a key keeps its entry with a nil
// value (so `next` can continue from it during a traversal, as Lua allows); those tombstones are
// dropped only when the hash part grows, i.e. when a new key is inserted, which Lua leaves
// undefined during a traversal.
//
// A removed entry whose key moved into the array part keeps its place with key <empty> (so the key
// is never in both parts); other removed entries keep their key (unique within `entries`).
//
// Invariants: the hash part never holds a live value for an integer key in 1..arr.size()+1
// (appending key arr.size()+1 moves it, and any following keys, into the array part), so arr.size()
// is always a border and `#t` is O(1). Keys are normalized before they get here: floats with an
// integral value are integers (LuaTable::NormalizeKey); nil and NaN are never keys.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "vm/heap.h"
#include "vm/object.h"
#include "vm/string.h"
#include "vm/value.h"

namespace codemode::vm {

// One key of a table's hash part.
struct LuaTableEntry {
  Value key;
  Value value;  // undefined (nil): removed
};

// The hash part's storage: entries whose first buffer may sit right behind the table, in the
// table's own allocation (VM::NewLuaTable gives a constructor's table room for its fields), so a
// record made by `{ key = …, name = … }` is one allocation and reading a field touches the table's
// header lines and the lines right after them instead of a separate block. Past that room the
// entries move to a heap buffer.
using LuaEntries = InlineVector<LuaTableEntry>;

class LuaTable final : public Object {
 public:
  enum Flags : uint8_t {
    kJsonArray = 1,  // json.array() or a JSON array from a tool: exported as [] even when empty
    kReadOnly = 2,   // json.null: writes are errors
  };
  using Entry = LuaTableEntry;

  explicit LuaTable(Shape* shape) : Object(ObjectClass::kLuaTable, shape, nullptr) {}

  // Float keys with an exact integer value become integers (manual §2.1). Other values unchanged.
  static Value NormalizeKey(Value key);

  // Raw reads (no metamethods). `key` must be normalized; nil yields nil.
  Value Get(Value key) const;
  Value GetInt(int64_t k) const {
    if (k >= 1 && static_cast<uint64_t>(k) <= arr.size()) return arr[k - 1];
    return GetHashed(Value::Int(k));
  }
  Value GetStr(String* s) const { return GetHashed(Value::FromString(s)); }
  // Position of a string key in `entries` (-1: absent); for inline caches.
  int32_t FindStr(String* s) const { return Find(Value::FromString(s)); }
  // Raw read of the string key `key` through a per-site cache of its position in `entries` (`*slot`,
  // refreshed on a miss when `update`): field and global reads with constant names.
  Value GetStrCached(Value key, uint32_t* slot, bool update) const {
    if (*slot < entries.size() && entries[*slot].key.RawEquals(key)) return entries[*slot].value;
    int32_t at = FindStr(key.AsString());
    if (at < 0) return Value::Undefined();
    if (update) *slot = static_cast<uint32_t>(at);
    return entries[static_cast<size_t>(at)].value;
  }

  // Raw writes. `key` must be normalized and neither nil nor NaN (callers raise those errors).
  // Growth is accounted to `heap`.
  void Set(Heap& heap, Value key, Value v);
  void SetInt(Heap& heap, int64_t k, Value v);
  // Table constructors: stores positional item `k` (k >= 1), nil included; call TrimArray() after a
  // batch so the array part does not end with nil.
  void SetListItem(Heap& heap, int64_t k, Value v);
  void TrimArray();

  // The border `#t` uses without __len (manual §3.4.7).
  int64_t Length() const { return static_cast<int64_t>(arr.size()); }

  // next(t, key): the entry after `key` (nil: the first). Returns false when `key` is not in the
  // table
  // ("invalid key to 'next'"); *done when there is no further entry.
  bool Next(Value key, Value* next_key, Value* next_value, bool* done) const;

  // Live entries (array items and hash values that are not nil).
  size_t CountLive() const;

  // Removes everything but keeps the flags and the metatable (table.move targets, tests).
  void Clear(Heap& heap);

  void Trace(Tracer& t) override;
  size_t ExtraBytes() const override {
    return Object::ExtraBytes() + arr.capacity() * sizeof(Value) + entries.HeapBytes() +
           index.capacity() * sizeof(int32_t);
  }

  // The hash part first: its header then shares a cache line with the object's header more often
  // (field reads look at nothing else of a table without a metatable).
  LuaEntries entries;
  std::vector<Value> arr;
  LuaTable* metatable = nullptr;
  // Open addressing over `entries` positions; -1 empty; size 2^k, or 0 while the hash part has fewer
  // than kLinearMax entries (tombstones included): lookups then scan `entries`, which for the
  // records programs build (a few string fields) is faster than hashing and saves an allocation.
  std::vector<int32_t> index;
  static constexpr size_t kLinearMax = 8;
  uint32_t live = 0;  // hash entries with a non-nil value
  uint8_t flags = 0;

  // Rebuilds `index` from `entries` (snapshot restore, copies).
  void Rehash();

 private:
  Value GetHashed(Value key) const {
    int32_t at = Find(key);
    return at < 0 ? Value::Undefined() : entries[static_cast<size_t>(at)].value;
  }
  int32_t Find(Value key) const;
  void Insert(Heap& heap, Value key, Value v);
  void MigrateFromHash(Heap& heap);
  void Grow(Heap& heap);
};

// Asks for the cache lines a field read of the table `o` touches, from its address alone
// (VM::Execute's LGETINDEX, before the class of `o` is read; prefetching for a non-table is
// harmless): its header, the line holding LuaTable::entries, and the entries' inline storage right
// behind the table (where a table made by a constructor keeps its fields).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
inline constexpr size_t kLuaTableEntriesOffset = offsetof(LuaTable, entries);
#pragma GCC diagnostic pop
inline void PrefetchLuaTable(const Object* o) {
  const char* p = reinterpret_cast<const char*>(o);
  __builtin_prefetch(p);
  __builtin_prefetch(p + kLuaTableEntriesOffset);
  __builtin_prefetch(p + sizeof(LuaTable));
}

// Equality of normalized keys (raw equality: strings by content, objects by identity).
bool LuaRawKeyEquals(Value a, Value b);
// Hash of a normalized key.
uint32_t LuaKeyHash(Value key);

}  // namespace codemode::vm
