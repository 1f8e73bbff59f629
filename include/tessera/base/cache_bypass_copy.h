// Copies that skip the host cache, for data written far faster than it is
// read back.
//
// A kernel streaming a large buffer (next to its large inputs) into
// simulated DRAM gains nothing from caching it: each line is fetched only
// to be overwritten (a read for ownership), then evicted before anyone
// reads it, pushing out the inputs the readers prefetched. Non-temporal
// stores skip both. Smaller buffers stay cached: the next kernel or the
// host usually reads them back while they are still there.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tessera {

// Buffers at least this large are written past the cache: a quarter of the
// host's last-level cache, or 8 MiB if the host does not say. The inputs
// being read share the cache (bench_kernel_eltwise: a quarter beat a half
// by 7% at 8 MiB outputs, and made no difference at 1 MiB or 32 MiB).
uint64_t cache_bypass_threshold_bytes();

// memcpy with non-temporal stores, ordered before any later store (a flag
// or semaphore another thread polls sees the data). Falls back to memcpy
// when `dst` is not 16-byte aligned.
void copy_bypassing_cache(void* dst, const void* src, std::size_t bytes);

}  // namespace tessera
