// Device time without a device: the timing model's estimate of how long a
// submit's programs would take on the chip (SubmitOptions::collect_device_time).
// Cycles are on the arch's AI clock; nanoseconds follow from it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tessera::runtime {

// A device profiler zone (DeviceZoneScopedN) on the kernel's virtual
// clock, as tt-metal's device profiler records zones on silicon; in a
// compute kernel, the math RISC's.
struct ZoneDeviceTime {
  std::string name{};
  int64_t start_cycle = 0;
  int64_t end_cycle = 0;
  uint32_t depth = 0;  // 0 for a zone opened outside any other
};

// One kernel on one core and RISC, on the program's virtual clock.
struct KernelDeviceTime {
  std::string kernel{};
  int32_t core_x = -1;  // logical core
  int32_t core_y = -1;
  std::string risc{};  // "BRISC", "NCRISC" or "TRISC" (the three TRISCs as one)
  int64_t start_cycle = 0;
  int64_t end_cycle = 0;
  int64_t wait_cycles = 0;  // blocked on CBs, semaphores or its own transfers
  // By start; a kernel keeps at most 256, counting the rest as dropped.
  std::vector<ZoneDeviceTime> zones{};
  uint32_t zones_dropped = 0;
};

// One program run (TTM0: one EnqueueProgram command), or one TTNN op
// estimated from its shapes (`estimated`, no kernels).
struct ProgramDeviceTime {
  std::string name{};      // the program, or the TTNN op
  std::string category{};  // "command" (TTM0) or "op" (TTNN)
  int32_t queue = -1;      // command queue, for commands
  int32_t index = -1;      // command or op index within its list
  bool estimated = false;  // analytical (TTNN) rather than replayed from a run
  std::string arch{};
  double ai_clock_mhz = 0;
  int64_t device_cycles = 0;  // dispatch to the last kernel's end
  int64_t kernel_cycles = 0;  // first kernel start to last kernel end
  double device_ns = 0;
  double kernel_ns = 0;  // tt-metal's DEVICE KERNEL DURATION [ns]
  uint32_t cores = 0;
  // Roofline: the busiest core's ideal math time and the DRAM traffic's
  // time at full bandwidth, each as a share of the kernel duration.
  double math_utilisation = 0;
  double dram_utilisation = 0;
  double math_ns = 0;
  double dram_ns = 0;
  std::string bound{};  // "compute-bound", "bandwidth-bound" or "launch-bound"
  uint64_t dram_bytes = 0;
  uint32_t unmatched_waits = 0;
  std::vector<KernelDeviceTime> kernels{};
};

}  // namespace tessera::runtime
