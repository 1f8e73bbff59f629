// What the timing model says about one program run: when each kernel
// started and ended on the virtual clock, and the program's device time
// (its critical path over cores, waits on other cores included).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tessera/sim/arch/core_coord.h"
#include "tessera/sim/jit/kernel_build_spec.h"

namespace tessera::sim::timing {

// A device profiler zone (DeviceZoneScopedN) the kernel passed through:
// when its RISC entered and left it (a compute kernel's: the math RISC's).
struct ZoneTiming {
  std::string name;
  int64_t start_cycle = 0;
  int64_t end_cycle = 0;
  uint32_t depth = 0;  // 0 for a zone opened outside any other

  bool operator==(const ZoneTiming&) const = default;
};

struct KernelTiming {
  std::string kernel;  // the kernel's name
  CoreCoord core;      // logical worker coordinates
  KernelProcessor processor = KernelProcessor::kDataMovement0;
  int64_t start_cycle = 0;
  int64_t end_cycle = 0;
  int64_t wait_cycles = 0;  // blocked on CBs, semaphores or its transfers
  // By start (outer zones first), at most kMaxZonesPerKernel; the rest counted.
  std::vector<ZoneTiming> zones{};
  uint32_t zones_dropped = 0;

  // As the device profiler's buffer on silicon, a kernel keeps so many zone
  // records (a zone in a long loop would otherwise grow without bound).
  static constexpr std::size_t kMaxZonesPerKernel = 256;
};

struct ProgramTiming {
  std::string arch;  // "wormhole_b0", ...
  double ai_clock_mhz = 0;
  // The program from dispatch to its last kernel's end (launch included).
  int64_t device_cycles = 0;
  // First kernel start to last kernel end: what tt-metal's profiler calls
  // DEVICE KERNEL DURATION.
  int64_t kernel_cycles = 0;
  uint32_t cores = 0;                 // worker cores that ran a kernel
  std::vector<KernelTiming> kernels;  // in the plan's kernel order, then by core
  // For the roofline note: ideal math cycles of the busiest core, bytes read
  // from or written to DRAM, and the chip's DRAM bytes per cycle.
  int64_t busiest_core_math_cycles = 0;
  uint64_t dram_bytes = 0;
  uint64_t noc_bytes = 0;
  double dram_bytes_per_cycle = 0;
  // Waits the replay could not match to a signal (a word set outside the
  // program, say) and released at the last change of what they waited on.
  uint32_t unmatched_waits = 0;

  double device_ns() const { return ai_clock_mhz > 0 ? device_cycles * 1000.0 / ai_clock_mhz : 0; }
  double kernel_ns() const { return ai_clock_mhz > 0 ? kernel_cycles * 1000.0 / ai_clock_mhz : 0; }
  // Utilisations in [0, 1] over the kernel duration.
  double math_utilisation() const;
  double dram_utilisation() const;
  // "launch-bound" when launching the kernels took at least as long as
  // running them; otherwise "compute-bound" or "bandwidth-bound", whichever
  // utilisation is higher.
  const char* bound() const;
};

}  // namespace tessera::sim::timing
