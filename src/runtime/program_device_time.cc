#include "program_device_time.h"

#include <utility>

namespace tessera::runtime {

namespace {

const char* risc_name(sim::KernelProcessor processor) {
  switch (processor) {
    case sim::KernelProcessor::kDataMovement0:
      return "BRISC";
    case sim::KernelProcessor::kDataMovement1:
      return "NCRISC";
    case sim::KernelProcessor::kCompute:
      return "TRISC";
  }
  return "";
}

}  // namespace

ProgramDeviceTime program_device_time(const sim::timing::ProgramTiming& timing) {
  ProgramDeviceTime time;
  time.arch = timing.arch;
  time.ai_clock_mhz = timing.ai_clock_mhz;
  time.device_cycles = timing.device_cycles;
  time.kernel_cycles = timing.kernel_cycles;
  time.device_ns = timing.device_ns();
  time.kernel_ns = timing.kernel_ns();
  time.cores = timing.cores;
  time.math_utilisation = timing.math_utilisation();
  time.dram_utilisation = timing.dram_utilisation();
  const double ns_per_cycle = timing.ai_clock_mhz > 0 ? 1000.0 / timing.ai_clock_mhz : 0;
  time.math_ns = double(timing.busiest_core_math_cycles) * ns_per_cycle;
  time.dram_ns = timing.dram_bytes_per_cycle > 0
                     ? double(timing.dram_bytes) / timing.dram_bytes_per_cycle * ns_per_cycle
                     : 0;
  time.bound = timing.bound();
  time.dram_bytes = timing.dram_bytes;
  time.unmatched_waits = timing.unmatched_waits;
  for (const sim::timing::KernelTiming& kernel : timing.kernels) {
    std::vector<ZoneDeviceTime> zones;
    zones.reserve(kernel.zones.size());
    for (const sim::timing::ZoneTiming& zone : kernel.zones) {
      zones.push_back({zone.name, zone.start_cycle, zone.end_cycle, zone.depth});
    }
    time.kernels.push_back({kernel.kernel, static_cast<int32_t>(kernel.core.x),
                            static_cast<int32_t>(kernel.core.y), risc_name(kernel.processor),
                            kernel.start_cycle, kernel.end_cycle, kernel.wait_cycles,
                            std::move(zones), kernel.zones_dropped});
  }
  return time;
}

}  // namespace tessera::runtime
