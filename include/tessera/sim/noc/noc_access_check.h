// Every NoC transfer's remote side must land inside something live on the
// target: a buffer (DRAM or L1), or a circular buffer or semaphore of the
// running program. Anything else is an error naming the target and the
// nearest allocation.
#pragma once

#include <cstdint>

#include "tessera/base/status.h"
#include "tessera/sim/memory/chip.h"
#include "tessera/sim/noc/noc_access_cache.h"
#include "tessera/sim/noc/noc_endpoint.h"
#include "tessera/sim/noc/program_l1_regions.h"

namespace tessera::sim {

// Whether the range is inside a live buffer, CB or semaphore, without
// building an error: the per-transfer fast path asks this first.
// `buffer_bytes` (optional) receives the covering buffer's size, 0 when a
// CB or semaphore covers the range.
bool noc_access_covered(const Chip& chip, const ProgramL1Regions& regions,
                        const NocEndpoint& target, uint64_t size, NocAccessCache* cache = nullptr,
                        uint64_t* buffer_bytes = nullptr);

// `operation`: "noc_async_read", "noc_async_write"... for the message.
// `cache` (optional) remembers the buffers found, for the next checks.
Status check_noc_access(const Chip& chip, const ProgramL1Regions& regions,
                        const NocEndpoint& target, uint64_t size, const char* operation,
                        NocAccessCache* cache = nullptr);

}  // namespace tessera::sim
