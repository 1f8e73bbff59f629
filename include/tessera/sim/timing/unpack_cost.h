// What unpacking costs: the two unpackers (one per operand, srcA and srcB)
// each read L1 at l1_bytes_per_cycle, and together no faster than the L1
// ports they share allow (unpack_both_bytes_per_cycle).
#pragma once

#include <algorithm>
#include <cstdint>

#include "tessera/sim/timing/timing_params.h"

namespace tessera::sim::timing {

// Cycles to unpack `a_bytes` for one operand and `b_bytes` for the other.
inline uint64_t unpack_cycles(const TimingParams& params, uint64_t a_bytes, uint64_t b_bytes) {
  auto ceil_div = [](uint64_t x, uint64_t y) { return (x + y - 1) / y; };
  return std::max({ceil_div(a_bytes, params.l1_bytes_per_cycle),
                   ceil_div(b_bytes, params.l1_bytes_per_cycle),
                   ceil_div(a_bytes + b_bytes, params.unpack_both_bytes_per_cycle)});
}

}  // namespace tessera::sim::timing
