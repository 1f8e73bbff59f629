// Internal (not installed): the allocators' statistics of a device's chips,
// in runtime terms, for `tessera run --memory` and tests.
#pragma once

#include <cstdint>
#include <vector>

#include "tessera/runtime/device.h"

namespace tessera::runtime {

struct AllocatorStatistics {
  uint64_t total_bytes = 0;  // [unreserved base, end) of every bank
  uint64_t allocated_bytes = 0;
  uint64_t free_bytes = 0;
  uint64_t largest_free_block = 0;
  uint64_t num_allocations = 0;
  uint64_t num_free_blocks = 0;
};

struct ChipMemoryStatistics {
  uint32_t device_id = 0;
  AllocatorStatistics dram;
  AllocatorStatistics l1;
  uint64_t live_buffers = 0;
};

// One entry per open chip of `device`, in DeviceOptions::device_ids order;
// empty for a closed device.
std::vector<ChipMemoryStatistics> memory_statistics(const Device& device);

}  // namespace tessera::runtime
