// An analytical estimate for work the simulator does not run as kernels
// (TTNN ops, executed on the host): from the op's tiles of math, its DRAM
// traffic and the bytes it moves over the NoC, with the same parameters as
// the replay. The work is spread over the grid's cores (at most one tile
// per core); math, DRAM and each core's NoC traffic overlap, and the
// slowest of them plus one DRAM latency (when it touches DRAM) is the
// kernel duration.
#pragma once

#include <cstdint>

#include "tessera/sim/arch/chip_descriptor.h"
#include "tessera/sim/timing/program_timing.h"
#include "tessera/sim/timing/timing_params.h"

namespace tessera::sim::timing {

struct OpWork {
  uint64_t output_tiles = 0;  // parallel units of work
  uint64_t math_cycles = 0;   // on one core, all tiles
  uint64_t dram_bytes = 0;    // read and written
  // Read and written by the op's data movement kernels (a reshard, a
  // permute): through each core's NoC port at the link's rate.
  uint64_t noc_bytes = 0;
};

ProgramTiming estimate_op(const TimingParams& params, const ChipDescriptor& chip,
                          const OpWork& work);

}  // namespace tessera::sim::timing
