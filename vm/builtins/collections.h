// Map, Set, WeakMap, WeakSet (ECMA-262 §24.1-24.4) over MapObject: an insertion-ordered entry
// vector with tombstones plus a SameValueZero hash index. Iterators are live (entries added during
// iteration are visited, deleted ones skipped). The vector is compacted when tombstones dominate;
// compaction leaves a record of the positions it removed that iterators created earlier follow to
// move their cursors (as V8's obsolete hash tables do), so iterators need no registration and
// abandoned ones are simply collected. Create Map/Set iterators only through NewCollectionIterator.
//
// WeakMap/WeakSet hold their entries strongly (a run is short-lived; nothing observable depends on
// collection), but keep the weak-key rules (objects and non-registered symbols only).
#pragma once

#include <cstdint>

#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace codemode::vm {

// A Map/Set iterator of `kind` (kMapKeys/kMapValues/kMapEntries for maps, kSetValues/kSetEntries
// for sets) over `collection`, registered for compaction.
IteratorObject* NewCollectionIterator(VM& vm, MapObject* collection, IteratorObject::Kind kind);

// Advances a Map/Set iterator (ECMA-262 §24.1.5.1 CreateMapIterator's closure): true with the
// entry's key and value (sets: value == key), false once exhausted (the iterator then stays done).
bool CollectionIteratorNext(VM& vm, IteratorObject* it, Value* key, Value* value);

// Brings a Map/Set iterator's cursor (IteratorObject::pos, an index into MapObject::entries) up to
// date after compactions, for code that reads entries from the cursor without advancing (inspect).
void SyncCollectionIterator(IteratorObject* it);

// Internal operations on a collection's data (no program code): SameValueZero keys, -0 stored as
// +0. MapDataSet returns false with a RangeError thrown when the collection would exceed
// kMaxCollectionSize.
bool MapDataSet(VM& vm, MapObject* m, Value key, Value value);
// Pointer to the entry's value slot, or nullptr.
Value* MapDataFind(VM& vm, MapObject* m, Value key);
bool MapDataDelete(VM& vm, MapObject* m, Value key);
void MapDataClear(VM& vm, MapObject* m);

// Entries a single Map or Set can hold (V8's limit is about the same): beyond it, RangeError
// "Map maximum size exceeded" / "Set maximum size exceeded".
inline constexpr uint32_t kMaxCollectionSize = 1u << 24;

}  // namespace codemode::vm
