// Keeps the memory a process frees mapped, for its next allocations.
//
// By default glibc hands the top of its heap back to the kernel once more
// than 128 KiB of it is free, and serves large blocks from mappings of their
// own that are unmapped on free. A process that allocates and frees much the
// same memory on every program run then takes its page faults again on every
// run, and a first touch of a 4 KiB page costs about 10 us on a virtual
// machine (docs/architecture.md, Isolation).
//
// Process-wide: call it only in a process tessera owns (the device process
// does), never from the library on an embedder's behalf.
#pragma once

#include <cstddef>

namespace tessera {

// Blocks below this come from the heap, and are reused once freed.
inline constexpr std::size_t kHeapMmapThreshold = std::size_t{32} << 20;
// The heap keeps up to this much free memory at its top.
inline constexpr std::size_t kHeapTrimThreshold = std::size_t{64} << 20;

// Sets both thresholds (glibc's M_MMAP_THRESHOLD and M_TRIM_THRESHOLD).
// False if the C library refused them or has no such settings.
bool retain_freed_heap_memory();

}  // namespace tessera
