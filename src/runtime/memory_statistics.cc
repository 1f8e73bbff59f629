#include "tessera/runtime/internal/memory_statistics.h"

#include "tessera/runtime/internal/device_access.h"
#include "tessera/sim/memory/chip.h"

namespace tessera::runtime {

namespace {

AllocatorStatistics from_sim(const sim::AllocatorStatistics& stats) {
  return {stats.total_bytes,        stats.allocated_bytes, stats.free_bytes,
          stats.largest_free_block, stats.num_allocations, stats.num_free_blocks};
}

}  // namespace

std::vector<ChipMemoryStatistics> memory_statistics(const Device& device) {
  std::vector<ChipMemoryStatistics> chips;
  if (!device.valid()) return chips;
  for (uint32_t i = 0; i < device.num_devices(); ++i) {
    auto metal = metal_device(device, i);
    if (!metal.ok() || !(*metal)->chip()) continue;
    const sim::BufferRegistry& buffers = (*metal)->chip()->buffers();
    chips.push_back({(*metal)->id(), from_sim(buffers.statistics(sim::MemoryType::kDram)),
                     from_sim(buffers.statistics(sim::MemoryType::kL1)),
                     buffers.live_buffers().size()});
  }
  return chips;
}

}  // namespace tessera::runtime
