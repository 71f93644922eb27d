// Lua tables: see table.h.
#include "vm/lua/table.h"

#include <cmath>
#include <cstring>

namespace codemode::vm {

namespace {
inline uint32_t Mix64(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return static_cast<uint32_t>(x);
}
}  // namespace

uint32_t LuaKeyHash(Value key) {
  switch (key.tag()) {
    case Tag::kString:
      return key.AsString()->Hash();
    case Tag::kInt:
      return Mix64(static_cast<uint64_t>(key.AsInt()));
    case Tag::kNumber: {
      double d = key.AsNumber();
      if (d == 0) d = 0;  // -0.0 never reaches here as a key (it is the integer 0), but stay safe
      uint64_t bits;
      std::memcpy(&bits, &d, sizeof bits);
      return Mix64(bits ^ 0x9e3779b97f4a7c15ULL);
    }
    case Tag::kBool:
      return key.AsBool() ? 0x51ed27u : 0x2545f4u;
    default:
      return Mix64(key.raw_bits());
  }
}

bool LuaRawKeyEquals(Value a, Value b) {
  if (a.tag() != b.tag()) return false;
  switch (a.tag()) {
    case Tag::kString:
      return String::Equals(a.AsString(), b.AsString());
    case Tag::kNumber:
      return a.AsNumber() == b.AsNumber();
    default:
      return a.raw_bits() == b.raw_bits();
  }
}

Value LuaTable::NormalizeKey(Value key) {
  if (key.IsNumber()) {
    double d = key.AsNumber();
    if (d >= -9223372036854775808.0 && d < 9223372036854775808.0) {
      auto i = static_cast<int64_t>(d);
      if (static_cast<double>(i) == d) return Value::Int(i);
    }
  }
  return key;
}

int32_t LuaTable::Find(Value key) const {
  if (index.empty()) {
    // A small hash part has no index (see kLinearMax): compare keys in order. Constant field names
    // are interned, so the identity pass finds them without hashing; the second pass catches equal
    // strings built at run time.
    const size_t n = entries.size();
    for (size_t i = 0; i < n; ++i)
      if (entries[i].key.RawEquals(key)) return static_cast<int32_t>(i);
    if (key.IsString()) {
      String* s = key.AsString();
      for (size_t i = 0; i < n; ++i) {
        const Value& k = entries[i].key;
        if (k.IsString() && String::Equals(k.AsString(), s)) return static_cast<int32_t>(i);
      }
    } else if (key.IsNumber()) {
      for (size_t i = 0; i < n; ++i)
        if (LuaRawKeyEquals(entries[i].key, key)) return static_cast<int32_t>(i);
    }
    return -1;
  }
  const uint32_t mask = static_cast<uint32_t>(index.size() - 1);
  uint32_t h = LuaKeyHash(key) & mask;
  const bool is_string = key.IsString();
  for (;;) {
    int32_t at = index[h];
    if (at < 0) return -1;
    const Value& k = entries[static_cast<size_t>(at)].key;
    if (k.RawEquals(key)) return at;
    if (is_string && k.IsString() && String::Equals(k.AsString(), key.AsString())) return at;
    if (!is_string && LuaRawKeyEquals(k, key)) return at;
    h = (h + 1) & mask;
  }
}

Value LuaTable::Get(Value key) const {
  if (key.IsInt()) return GetInt(key.AsInt());
  if (key.IsUndefined()) return Value::Undefined();
  return GetHashed(key);
}

void LuaTable::Rehash() {
  if (entries.size() < kLinearMax) {
    // A small hash part is scanned (see `index`): no index, as for a table that never grew one.
    index.clear();
    index.shrink_to_fit();
    live = 0;
    for (const Entry& e : entries)
      if (!e.value.IsUndefined()) ++live;
    return;
  }
  size_t want = 8;
  while (want < entries.size() * 2 + 2) want *= 2;
  index.assign(want, -1);
  const uint32_t mask = static_cast<uint32_t>(want - 1);
  live = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (!entries[i].value.IsUndefined()) ++live;
    uint32_t h = LuaKeyHash(entries[i].key) & mask;
    while (index[h] >= 0) h = (h + 1) & mask;
    index[h] = static_cast<int32_t>(i);
  }
}

void LuaTable::Grow(Heap& heap) {
  size_t before = ExtraBytes();
  if (live < entries.size()) {
    // Drop tombstones (only here: a new key is being inserted, see table.h).
    size_t w = 0;
    for (size_t r = 0; r < entries.size(); ++r)
      if (!entries[r].value.IsUndefined()) entries[w++] = entries[r];
    entries.truncate(w);
  }
  if (index.empty() && entries.size() < kLinearMax) {
    live = static_cast<uint32_t>(entries.size());  // compacting made room: stay without an index
  } else {
    Rehash();
  }
  heap.Account(static_cast<int64_t>(ExtraBytes()) - static_cast<int64_t>(before));
}

void LuaTable::Insert(Heap& heap, Value key, Value v) {
  if (index.empty() ? entries.size() >= kLinearMax : (entries.size() + 1) * 2 > index.size())
    Grow(heap);
  size_t cap = entries.capacity();
  entries.push_back({key, v});
  if (entries.capacity() != cap)
    heap.Account(static_cast<int64_t>((entries.capacity() - cap) * sizeof(Entry)));
  ++live;
  if (index.empty()) return;
  const uint32_t mask = static_cast<uint32_t>(index.size() - 1);
  uint32_t h = LuaKeyHash(key) & mask;
  while (index[h] >= 0) h = (h + 1) & mask;
  index[h] = static_cast<int32_t>(entries.size() - 1);
}

void LuaTable::MigrateFromHash(Heap& heap) {
  if (live == 0) return;
  for (;;) {
    int32_t at = Find(Value::Int(static_cast<int64_t>(arr.size()) + 1));
    if (at < 0 || entries[static_cast<size_t>(at)].value.IsUndefined()) return;
    Value v = entries[static_cast<size_t>(at)].value;
    entries[static_cast<size_t>(at)].value = Value::Undefined();
    entries[static_cast<size_t>(at)].key = Value::Empty();  // the array part owns the key now
    --live;
    size_t cap = arr.capacity();
    arr.push_back(v);
    if (arr.capacity() != cap)
      heap.Account(static_cast<int64_t>((arr.capacity() - cap) * sizeof(Value)));
  }
}

void LuaTable::TrimArray() {
  while (!arr.empty() && arr.back().IsUndefined()) arr.pop_back();
}

void LuaTable::SetInt(Heap& heap, int64_t k, Value v) {
  const uint64_t n = arr.size();
  if (k >= 1 && static_cast<uint64_t>(k) <= n) {
    arr[k - 1] = v;
    if (v.IsUndefined() && static_cast<uint64_t>(k) == n) TrimArray();
    return;
  }
  if (k >= 1 && static_cast<uint64_t>(k) == n + 1) {
    if (v.IsUndefined()) {
      // Never live in the hash part (invariant); nothing to remove.
      return;
    }
    size_t cap = arr.capacity();
    arr.push_back(v);
    if (arr.capacity() != cap)
      heap.Account(static_cast<int64_t>((arr.capacity() - cap) * sizeof(Value)));
    MigrateFromHash(heap);
    return;
  }
  Value key = Value::Int(k);
  int32_t at = Find(key);
  if (at >= 0) {
    Entry& e = entries[static_cast<size_t>(at)];
    if (e.value.IsUndefined() && !v.IsUndefined()) ++live;
    if (!e.value.IsUndefined() && v.IsUndefined()) --live;
    e.value = v;
    return;
  }
  if (!v.IsUndefined()) Insert(heap, key, v);
}

void LuaTable::Set(Heap& heap, Value key, Value v) {
  if (key.IsInt()) {
    SetInt(heap, key.AsInt(), v);
    return;
  }
  int32_t at = Find(key);
  if (at >= 0) {
    Entry& e = entries[static_cast<size_t>(at)];
    if (e.value.IsUndefined() && !v.IsUndefined()) ++live;
    if (!e.value.IsUndefined() && v.IsUndefined()) --live;
    e.value = v;
    return;
  }
  if (!v.IsUndefined()) Insert(heap, key, v);
}

void LuaTable::SetListItem(Heap& heap, int64_t k, Value v) {
  const uint64_t n = arr.size();
  if (k >= 1 && static_cast<uint64_t>(k) == n + 1) {
    int32_t at = live > 0 ? Find(Value::Int(k)) : -1;
    if (at >= 0) {
      if (!entries[static_cast<size_t>(at)].value.IsUndefined()) --live;
      entries[static_cast<size_t>(at)].value = Value::Undefined();
      entries[static_cast<size_t>(at)].key = Value::Empty();  // the array part owns the key now
    }
    size_t cap = arr.capacity();
    arr.push_back(v);
    if (arr.capacity() != cap)
      heap.Account(static_cast<int64_t>((arr.capacity() - cap) * sizeof(Value)));
    if (!v.IsUndefined()) MigrateFromHash(heap);
    return;
  }
  if (k >= 1 && static_cast<uint64_t>(k) <= n) {
    arr[k - 1] = v;
    return;
  }
  SetInt(heap, k, v);
}

bool LuaTable::Next(Value key, Value* next_key, Value* next_value, bool* done) const {
  size_t pos = 0;  // position in the combined sequence: arr items, then entries
  if (key.IsUndefined()) {
    pos = 0;
  } else if (key.IsInt() && key.AsInt() >= 1 && static_cast<uint64_t>(key.AsInt()) <= arr.size()) {
    pos = static_cast<size_t>(key.AsInt());
  } else {
    int32_t at = Find(key);
    if (at >= 0) {
      pos = arr.size() + static_cast<size_t>(at) + 1;
    } else if (key.IsInt() && key.AsInt() >= 1) {
      // An array key cleared during the traversal (the array part shrank past it): the array part
      // is done, go on with the hash part.
      pos = arr.size();
    } else {
      return false;
    }
  }
  for (; pos < arr.size(); ++pos) {
    if (!arr[pos].IsUndefined()) {
      *next_key = Value::Int(static_cast<int64_t>(pos) + 1);
      *next_value = arr[pos];
      *done = false;
      return true;
    }
  }
  for (size_t e = pos - arr.size(); e < entries.size(); ++e) {
    if (!entries[e].value.IsUndefined()) {
      *next_key = entries[e].key;
      *next_value = entries[e].value;
      *done = false;
      return true;
    }
  }
  *done = true;
  return true;
}

size_t LuaTable::CountLive() const {
  size_t n = live;
  for (const Value& v : arr)
    if (!v.IsUndefined()) ++n;
  return n;
}

void LuaTable::Clear(Heap& heap) {
  size_t before = ExtraBytes();
  arr.clear();
  entries.clear();
  index.clear();
  live = 0;
  heap.Account(static_cast<int64_t>(ExtraBytes()) - static_cast<int64_t>(before));
}

void LuaTable::Trace(Tracer& t) {
  Object::Trace(t);
  t.Mark(metatable);
  for (const Value& v : arr) t.Mark(v);
  for (const Entry& e : entries) {
    t.Mark(e.key);
    t.Mark(e.value);
  }
}

}  // namespace codemode::vm
