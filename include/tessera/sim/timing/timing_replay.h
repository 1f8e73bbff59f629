// Turns the kernel traces of one program run into device cycles: a
// discrete-event replay that always advances the kernel with the smallest
// virtual clock (ties by kernel order), so shared resources (NoC links,
// DRAM channels) are granted in simulated time order, and the result
// depends only on the traces, never on how host threads ran the kernels.
//
// Cost rules (parameters from timing_params.h):
// - a transfer costs its issuer noc_read_issue_cycles or
//   noc_write_issue_cycles (a multicast or atomic is a write), or
//   dram_page_read_loop_cycles / dram_page_write_loop_cycles if longer
//   when its address is a DRAM-interleaved page's the kernel just worked
//   out; it holds
//   every link of its route (dimension-ordered on the NoC torus: NoC 0
//   goes +x then +y, NoC 1 goes -y then -x), and the ports out of its
//   source's NIU and into its destination's, for ceil(bytes / link width)
//   cycles starting when each is free, and lands hops * noc_hop_cycles
//   later;
// - a DRAM channel serves one request at a time at its bytes per cycle,
//   reads adding dram_latency_cycles: two cores reading one bank share it;
// - barriers wait for the kernel's transfers; CB and semaphore waits wait
//   for the push, pop, set or increment that satisfies them;
// - compute cycles are the kernel's own (kernel_host/compute_cost.cc).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/sim/arch/chip_descriptor.h"
#include "tessera/sim/arch/noc_core_map.h"
#include "tessera/sim/timing/kernel_trace.h"
#include "tessera/sim/timing/program_timing.h"
#include "tessera/sim/timing/timing_params.h"

namespace tessera::sim::timing {

struct ReplayKernel {
  std::string name;
  CoreCoord core;       // logical
  uint32_t worker = 0;  // logical worker index
  KernelProcessor processor = KernelProcessor::kDataMovement0;
  const KernelTrace* trace = nullptr;
};

struct ReplayCircularBuffer {
  uint32_t worker = 0;
  uint32_t cb = 0;
  uint32_t pages = 0;  // capacity
};

struct ReplayWord {
  uint32_t worker = 0;
  uint32_t offset = 0;
  uint32_t value = 0;  // at program start
};

struct ReplayInput {
  std::vector<ReplayKernel> kernels;
  std::vector<ReplayCircularBuffer> circular_buffers;
  std::vector<ReplayWord> words;  // semaphores with their initial values
  // What sits at each NoC coordinate of the chip, if the caller has it
  // (the replay builds it from the descriptor otherwise).
  const NocCoreMap* noc_map = nullptr;
};

ProgramTiming replay_program(const TimingParams& params, const ChipDescriptor& chip,
                             const ReplayInput& input);

// Cycles of one write of `bytes` over `hops` links with nothing else on
// the NoC: issue, serialisation, hops (what the replay charges it).
int64_t lone_transfer_cycles(const TimingParams& params, uint64_t bytes, uint32_t hops);
// Links a transfer crosses from `source` to `target` (NoC coordinates).
uint32_t route_hops(const TimingParams& params, uint8_t noc, CoreCoord source, CoreCoord target);

}  // namespace tessera::sim::timing
