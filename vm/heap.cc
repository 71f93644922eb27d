#include "vm/heap.h"

#include <atomic>

#include "vm/heap_epoch.h"

namespace codemode::vm {

namespace {
std::atomic<uint64_t> destroyed_heaps{0};
}  // namespace

uint64_t DestroyedHeapCount() { return destroyed_heaps.load(std::memory_order_acquire); }

Heap::~Heap() {
  destroyed_heaps.fetch_add(1, std::memory_order_release);
  HeapCell* c = head_;
  while (c != nullptr) {
    HeapCell* next = c->gc_next_;
    Destroy(c);
    c = next;
  }
}

void Heap::Freeze() {
  for (HeapCell* c = head_; c != nullptr; c = c->gc_next_) c->flags_ |= HeapCell::kShared;
}

void Heap::Sweep() {
  HeapCell** link = &head_;
  int64_t live = 0;
  size_t count = 0;
  while (*link != nullptr) {
    HeapCell* c = *link;
    if ((c->flags_ & (HeapCell::kMarked | HeapCell::kShared)) != 0) {
      c->flags_ &= static_cast<uint8_t>(~HeapCell::kMarked);
      live += static_cast<int64_t>(c->alloc_size() + c->ExtraBytes());
      ++count;
      link = &c->gc_next_;
    } else {
      *link = c->gc_next_;
      Destroy(c);
    }
  }
  // Recomputed from the survivors' own reports so growth accounted in between cannot drift.
  bytes_ = live + external_;
  cell_count_ = count;
  debt_ = 0;
  next_poke_ = kPokeBytes;
  ++collections_;
}

}  // namespace codemode::vm
