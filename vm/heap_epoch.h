#pragma once

#include <cstdint>

namespace codemode::vm {

// A process-wide count of destroyed heaps. Caches that remember a cell by address (e.g. the RegExp
// subject cache in builtins/regexp.cc) are valid only while neither their heap has swept
// (Heap::collections()) nor any heap was destroyed: a new heap may reuse a dead heap's addresses.
// Relaxed atomics: a cache is per thread, and a heap is destroyed after its last use on any thread.
uint64_t DestroyedHeapCount();

}  // namespace codemode::vm
