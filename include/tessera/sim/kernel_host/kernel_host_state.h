// What the host callbacks of one running kernel reach through its context:
// the chip, the program's L1 regions, its core's shared state (circular
// buffer counters, semaphores) and its own view of the CBs. Compute
// kernels also own the Dst register file and the unpack/pack state.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tessera/sim/cb/core_circular_buffers.h"
#include "tessera/sim/dst/dst_registers.h"
#include "tessera/sim/jit/kernel_abi.h"
#include "tessera/sim/memory/chip.h"
#include "tessera/sim/noc/noc_transfers.h"
#include "tessera/sim/noc/program_l1_regions.h"
#include "tessera/sim/timing/kernel_trace.h"
#include "tessera/sim/timing/timing_params.h"

namespace tessera::sim {

// One core taking part in a program run; shared by its kernels.
struct CoreRunState {
  uint32_t index = 0;  // logical worker index
  CoreCoord logical{};
  CoreCoord noc{};
  uint32_t window_base = 0;  // host address of L1 offset 0
  std::unique_ptr<CoreCircularBuffers> circular_buffers;
  uint32_t semaphore_base = 0;  // L1 offset of semaphore id 0
  uint32_t semaphore_ids = 0;   // bit i: semaphore i exists on this core
};

// Compute-kernel state: Dst, and where pack_tile writes next in each CB
// (reset when the CB is pushed, like the packer's tile offset).
struct ComputeKernelState {
  explicit ComputeKernelState(DstConfig config) : dst(config) {}
  DstRegisters dst;
  std::array<uint32_t, TESSERA_NUM_CIRCULAR_BUFFERS> pack_offsets{};
  uint64_t rand_state = 0;          // rand_tile's generator, seeded by rand_tile_init
  bool pack_l1_accumulate = false;  // pack_reconfig_l1_acc: packs add to what L1 holds
  bool copy_transpose = false;      // copy_tile_to_dst_init_short(cb, 1): copies transpose
  // Pages a cb_reserve_back asked for that were not free yet. On the device
  // only the packer waits on a reservation while the unpacker goes on (and
  // may pop the very pages that free it); one fiber plays both, so it waits
  // when it next packs into or pushes that CB instead.
  std::array<uint32_t, TESSERA_NUM_CIRCULAR_BUFFERS> pending_reserve{};
  // Working rows and tiles of block ops that may wait on a CB mid-op. They
  // live here, not on the fiber's stack: a fiber abandoned while waiting
  // (another kernel of the run failed) never unwinds, so locals would leak.
  std::array<std::vector<float>, 3> block_scratch{};
};

struct KernelHostState {
  Chip* chip = nullptr;
  const ProgramL1Regions* regions = nullptr;
  CoreRunState* core = nullptr;
  std::array<tessera_cb_interface, TESSERA_NUM_CIRCULAR_BUFFERS> cbs{};
  std::unique_ptr<ComputeKernelState> compute;  // compute kernels only
  bool strict_cb_pages = false;                 // see ProgramPlan::strict_cb_pages
  NocAccessCache noc_access_cache;              // buffers this kernel's transfers hit
  PendingNocReads noc_reads;                    // issued, not yet copied
  // Set when the run asked for device time: what this kernel did that
  // costs time on the device (sim/timing); null costs one check per call.
  timing::KernelTrace* timing = nullptr;
  const timing::TimingParams* timing_params = nullptr;

  NocIssuer noc_issuer() { return {chip, regions, core->index, &noc_access_cache, &noc_reads}; }

  // The state behind a kernel's context (set as the invocation's device
  // state by the program run).
  static KernelHostState& of(tessera_kernel_context* context);
};

}  // namespace tessera::sim
