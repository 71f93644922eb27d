// The heap: every engine object is a HeapCell owned by exactly one Heap. Mark-sweep, non-moving, collected
// only at safe points chosen by the interpreter (never inside a native), so native code may hold raw
// pointers to cells across allocations. Bytes are counted at allocation for the memory limit (DESIGN §3.5).
//
// Two kinds of heap exist: the process-wide shared realm heap (built once, then frozen: DESIGN §3.3) and one
// heap per run. Cells of the shared heap carry the `shared` flag; a run never mutates them (objects are
// copied on write, see Object) and its collector never traces into them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "vm/value.h"

namespace codemode::vm {

enum class CellKind : uint8_t {
  kString,
  kSymbol,
  kBigInt,
  kObject,
  kShape,
  kCell,        // a captured variable
  kProto,       // a loaded FunctionProto
  kAccessor,    // getter/setter pair stored in a property slot
  kEnumerator,  // for-in key list
  kOther,
};

class Tracer;

class HeapCell {
 public:
  explicit HeapCell(CellKind kind) : kind_(kind) {}
  virtual ~HeapCell() = default;
  HeapCell(const HeapCell&) = delete;
  HeapCell& operator=(const HeapCell&) = delete;

  CellKind cell_kind() const { return kind_; }
  bool is_shared() const { return (flags_ & kShared) != 0; }
  // A word for the snapshot encoder (snapshot/encode.cc): 0 outside an encode. An encoder of a run's
  // VM gives the run's cells it discovers their snapshot id + 1 here instead of keeping a pointer → id
  // table, and sets every one back to 0 before it returns. Shared (realm) cells are never written.
  uint32_t snapshot_scratch() const { return scratch_; }
  void set_snapshot_scratch(uint32_t v) { scratch_ = v; }
  // Marks every cell this one references.
  virtual void Trace(Tracer& tracer) = 0;
  // Bytes this cell owns beyond sizeof (vectors, strings), for accounting at allocation.
  virtual size_t ExtraBytes() const { return 0; }

 private:
  friend class Heap;
  friend class Tracer;
  static constexpr uint8_t kMarked = 1;
  static constexpr uint8_t kShared = 2;
  bool marked() const { return (flags_ & kMarked) != 0; }
  // Bytes of the cell's allocation (sizeof the most derived type, plus inline slots).
  size_t alloc_size() const;

  // 16 bytes after the vtable pointer, so a cell header stays 24 bytes with the scratch word.
  HeapCell* gc_next_ = nullptr;
  uint32_t scratch_ = 0;
  // The allocation's size, or 0 when it is over 65535 bytes: then CellPool keeps it in front of the
  // cell (CellPool::LargeSize).
  uint16_t alloc_size_ = 0;
  CellKind kind_;
  uint8_t flags_ = 0;  // kMarked | kShared
};

// Marks reachable cells with an explicit work list (no recursion: object graphs may be deep).
class Tracer {
 public:
  void Mark(HeapCell* cell) {
    if (cell == nullptr || (cell->flags_ & (HeapCell::kShared | HeapCell::kMarked)) != 0) return;
    cell->flags_ |= HeapCell::kMarked;
    work_.push_back(cell);
  }
  void Mark(const Value& v) {
    if (v.IsHeap()) Mark(v.AsHeap());
  }
  void Drain() {
    while (!work_.empty()) {
      HeapCell* c = work_.back();
      work_.pop_back();
      c->Trace(*this);
    }
  }

 private:
  std::vector<HeapCell*> work_;
};

// Memory for heap cells: size classes of 16 bytes up to 512 bytes, each a free list refilled from
// 64 KiB blocks by bumping a pointer; larger cells go to operator new. Cells of one size sit together
// (objects with objects, strings with strings), freed cells are reused at once without malloc's
// bookkeeping, and a heap's blocks go back in one piece when the heap dies. Under AddressSanitizer every
// cell is its own allocation, so use-after-free of a cell is still reported.
class CellPool {
 public:
  CellPool() = default;
  CellPool(const CellPool&) = delete;
  CellPool& operator=(const CellPool&) = delete;

  void* Allocate(size_t bytes) {
    if (!kPooling || bytes > kMaxPooled) return AllocateLarge(bytes);
    const size_t cls = (bytes + kGranule - 1) / kGranule;
    if (FreeNode* n = free_[cls]) {
      free_[cls] = n->next;
      return n;
    }
    const size_t rounded = cls * kGranule;
    if (static_cast<size_t>(bump_end_ - bump_) < rounded) NewBlock();
    void* p = bump_;
    bump_ += rounded;
    return p;
  }
  void Free(void* p, size_t bytes) {
    if (!kPooling || bytes > kMaxPooled) {
      ::operator delete(static_cast<char*>(p) - kLargePrefix);
      return;
    }
    const size_t cls = (bytes + kGranule - 1) / kGranule;
    auto* n = static_cast<FreeNode*>(p);
    n->next = free_[cls];
    free_[cls] = n;
  }

 private:
#if defined(__SANITIZE_ADDRESS__)
  static constexpr bool kPooling = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  static constexpr bool kPooling = false;
#else
  static constexpr bool kPooling = true;
#endif
#else
  static constexpr bool kPooling = true;
#endif

 public:
  // The size of a cell allocated outside the pool (HeapCell::alloc_size_ holds only 16 bits).
  static size_t LargeSize(const void* cell) {
    size_t bytes;
    std::memcpy(&bytes, static_cast<const char*>(cell) - kLargePrefix, sizeof bytes);
    return bytes;
  }

 private:
  // Large cells carry their size in front (16 bytes keep the cell 16-byte aligned).
  static constexpr size_t kLargePrefix = 16;
  static void* AllocateLarge(size_t bytes) {
    char* p = static_cast<char*>(::operator new(bytes + kLargePrefix));
    std::memcpy(p, &bytes, sizeof bytes);
    return p + kLargePrefix;
  }
  static constexpr size_t kGranule = 16;
  static constexpr size_t kMaxPooled = 512;
  static constexpr size_t kBlockBytes = 64 * 1024;
  struct FreeNode {
    FreeNode* next;
  };
  void NewBlock() {
    // new[] of a 16-byte-aligned type: every cell starts on a 16-byte boundary.
    blocks_.push_back(std::make_unique_for_overwrite<Chunk[]>(kBlockBytes / sizeof(Chunk)));
    bump_ = reinterpret_cast<char*>(blocks_.back().get());
    bump_end_ = bump_ + kBlockBytes;
  }
  struct alignas(16) Chunk {
    unsigned char bytes[16];
  };

  FreeNode* free_[kMaxPooled / kGranule + 1] = {};
  char* bump_ = nullptr;
  char* bump_end_ = nullptr;
  std::vector<std::unique_ptr<Chunk[]>> blocks_;
};

inline size_t HeapCell::alloc_size() const {
  return alloc_size_ != 0 ? alloc_size_ : CellPool::LargeSize(this);
}

class Heap {
 public:
  // `shared` heaps flag every cell they allocate as shared once Freeze() is called.
  Heap() = default;
  ~Heap();
  Heap(const Heap&) = delete;
  Heap& operator=(const Heap&) = delete;

  // Allocates a cell; the heap owns it until a collection finds it unreachable.
  template <typename T, typename... Args>
  T* Alloc(Args&&... args) {
    // The heap is the owner of every cell (collected by Sweep): constructed in pool memory.
    T* cell = ::new (pool_.Allocate(sizeof(T))) T(std::forward<Args>(args)...);
    cell->gc_next_ = head_;
    static_assert(sizeof(T) <= 0xFFFF);
    cell->alloc_size_ = static_cast<uint16_t>(sizeof(T));
    head_ = cell;
    Account(static_cast<int64_t>(sizeof(T) + cell->ExtraBytes()));
    ++cell_count_;
    return cell;
  }

  // Allocates a cell with `extra` bytes of storage right behind it (a flat string's contents); T's
  // constructor finds them at `this + 1`.
  template <typename T, typename... Args>
  T* AllocWithBytes(size_t extra, Args&&... args) {
    const size_t bytes = sizeof(T) + extra;
    T* cell = ::new (pool_.Allocate(bytes)) T(std::forward<Args>(args)...);
    cell->gc_next_ = head_;
    cell->alloc_size_ = bytes <= 0xFFFF ? static_cast<uint16_t>(bytes) : 0;
    head_ = cell;
    Account(static_cast<int64_t>(bytes + cell->ExtraBytes()));
    ++cell_count_;
    return cell;
  }

  // Allocates an object (T has slots(): vm::Object and subclasses) with room for `inline_slots`
  // property values right behind it, so the values share the object's allocation.
  template <typename T, typename... Args>
  T* AllocWithSlots(uint32_t inline_slots, Args&&... args) {
    const size_t bytes = sizeof(T) + size_t{inline_slots} * sizeof(Value);
    void* raw = pool_.Allocate(bytes);
    T* cell = ::new (raw) T(std::forward<Args>(args)...);
    cell->slots().UseInline(reinterpret_cast<Value*>(static_cast<char*>(raw) + sizeof(T)),
                            inline_slots);
    cell->gc_next_ = head_;
    cell->alloc_size_ = bytes <= 0xFFFF ? static_cast<uint16_t>(bytes) : 0;
    head_ = cell;
    Account(static_cast<int64_t>(bytes + cell->ExtraBytes()));
    ++cell_count_;
    return cell;
  }

  // Adds (or removes, when negative) bytes to the live count, e.g. when a cell's vector grows.
  void Account(int64_t bytes) {
    bytes_ += bytes;
    debt_ += bytes;
    if (debt_ >= next_poke_) Poke();
  }

  // Bytes held outside cells for the heap's whole life (a run's compiled RegExps): counted like
  // cells' bytes and kept across collections, which recount only the cells.
  void AccountExternal(int64_t bytes) {
    external_ += bytes;
    Account(bytes);
  }

  // `countdown` (the VM's steps-until-limit-check counter) is zeroed after every kPokeBytes allocated,
  // so the memory limit, the collector and the deadline are looked at promptly even when a few steps of
  // a built-in allocate a lot (a 1 MB toUpperCase per loop iteration).
  void set_limit_check_countdown(int64_t* countdown) { countdown_ = countdown; }

  // Marks every cell of this heap as shared and permanent (the realm heap, once built).
  void Freeze();

  // Runs a full collection. `mark_roots` must mark every root through the tracer; `before_sweep`
  // runs once marking is done, while Survives() tells which cells stay (weak references drop the
  // others there).
  template <typename F, typename G>
  void Collect(F&& mark_roots, G&& before_sweep) {
    Tracer tracer;
    mark_roots(tracer);
    tracer.Drain();
    before_sweep();
    Sweep();
  }
  // Between a collection's marking and its sweep: whether `c` survives.
  static bool Survives(const HeapCell* c) {
    return (c->flags_ & (HeapCell::kMarked | HeapCell::kShared)) != 0;
  }

  // Visits every cell, newest first (the allocation list; deterministic for a deterministic program).
  template <typename F>
  void ForEachCell(F&& f) const {
    for (HeapCell* c = head_; c != nullptr; c = c->gc_next_) f(c);
  }

  size_t bytes() const { return bytes_ < 0 ? 0 : static_cast<size_t>(bytes_); }
  size_t cell_count() const { return cell_count_; }
  // Bytes allocated since the last collection.
  int64_t debt() const { return debt_; }
  size_t collections() const { return collections_; }

 private:
  void Sweep();
  // Runs the cell's destructor and gives its memory back to the pool.
  void Destroy(HeapCell* c) {
    const size_t bytes = c->alloc_size();
    c->~HeapCell();
    pool_.Free(c, bytes);
  }

  static constexpr int64_t kPokeBytes = 1 << 20;
  void Poke() {
    next_poke_ = debt_ + kPokeBytes;
    if (countdown_ != nullptr) *countdown_ = 0;
  }

  CellPool pool_;
  int64_t* countdown_ = nullptr;
  int64_t next_poke_ = kPokeBytes;
  HeapCell* head_ = nullptr;
  int64_t bytes_ = 0;
  int64_t debt_ = 0;
  int64_t external_ = 0;
  size_t cell_count_ = 0;
  size_t collections_ = 0;
};

}  // namespace codemode::vm
