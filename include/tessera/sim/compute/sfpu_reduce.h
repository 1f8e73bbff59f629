// sfpu_reduce: the SFPU's reductions over tiles already in Dst (tt-llk's
// ckernel_sfpu_reduce.h), unlike reduce_tile, which the math engine runs on
// CB tiles with a scaler.
//
// `tiles` holds rt_dim x ct_dim tiles, tile (r, c) at r * ct_dim + c.
// - kCol: each column over the rows of the rt_dim tiles stacked in column
//   0 (ct_dim 1), result in row 0 of the first tile. SUM and AVG work on one
//   tile; AVG divides by 32.
// - kRow: SUM or MAX of each row across the ct_dim tiles of every tile row,
//   result in column 0 of that row's first tile.
// Other positions keep their values. Integer formats add in two's
// complement (Int32, UInt32 wrap at 32 bits, UInt16 at 16) and average by a
// shift (Int32 toward zero); float formats compute in fp32.
#pragma once

#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::sim::compute {

// The kernel API's PoolType values.
enum class PoolType : uint32_t { kSum = 0, kAvg = 1, kMax = 2, kMin = 3 };
enum class SfpuReduceDim : uint32_t { kRow = 0, kCol = 1 };

Status sfpu_reduce(PoolType pool, SfpuReduceDim dim, tile::DataFormat format,
                   std::span<float> tiles, uint32_t ct_dim, uint32_t rt_dim);

}  // namespace tessera::sim::compute
