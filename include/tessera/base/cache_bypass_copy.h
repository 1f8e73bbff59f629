// Copies that skip the host cache, for data written far faster than it is
// read back.
//
// A kernel streaming a buffer larger than the host's last-level cache into
// simulated DRAM gains nothing from caching it: each line is fetched only
// to be overwritten (a read for ownership), then evicted before anyone
// reads it, pushing out the inputs the readers prefetched. Non-temporal
// stores skip both. Smaller buffers stay cached: the next kernel or the
// host usually reads them back while they are still there.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tessera {

// Buffers at least this large are written past the cache: half the host's
// last-level cache (other data shares it), or 16 MiB if the host does not say.
uint64_t cache_bypass_threshold_bytes();

// memcpy with non-temporal stores, ordered before any later store (a flag
// or semaphore another thread polls sees the data). Falls back to memcpy
// when `dst` is not 16-byte aligned.
void copy_bypassing_cache(void* dst, const void* src, std::size_t bytes);

}  // namespace tessera
