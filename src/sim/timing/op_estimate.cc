#include "tessera/sim/timing/op_estimate.h"

#include <algorithm>

namespace tessera::sim::timing {

ProgramTiming estimate_op(const TimingParams& params, const ChipDescriptor& chip,
                          const OpWork& work) {
  ProgramTiming timing;
  timing.arch = std::string(arch_name(params.arch));
  timing.ai_clock_mhz = params.ai_clock_mhz;
  const uint64_t cores =
      std::clamp<uint64_t>(work.output_tiles, 1, std::max<uint32_t>(chip.num_workers(), 1));
  timing.cores = static_cast<uint32_t>(cores);
  timing.busiest_core_math_cycles = static_cast<int64_t>((work.math_cycles + cores - 1) / cores);
  timing.dram_bytes = work.dram_bytes;
  timing.dram_bytes_per_cycle =
      double(params.dram_bytes_per_cycle_per_channel) * chip.num_dram_channels;
  const int64_t dram_cycles =
      timing.dram_bytes_per_cycle > 0
          ? static_cast<int64_t>(double(work.dram_bytes) / timing.dram_bytes_per_cycle + 0.5)
          : 0;
  timing.noc_bytes = work.noc_bytes;
  const uint64_t noc_bytes_per_core = (work.noc_bytes + cores - 1) / cores;
  const auto noc_cycles =
      static_cast<int64_t>((noc_bytes_per_core + params.noc_link_bytes_per_cycle - 1) /
                           std::max<uint32_t>(params.noc_link_bytes_per_cycle, 1));
  timing.kernel_cycles = std::max({timing.busiest_core_math_cycles, dram_cycles, noc_cycles}) +
                         (work.dram_bytes > 0 ? params.dram_latency_cycles : 0);
  timing.device_cycles = params.kernel_launch_cycles + timing.kernel_cycles;
  return timing;
}

}  // namespace tessera::sim::timing
