// Tile matrix multiply into Dst, as matmul_tiles / matmul_block use it.
#pragma once

#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/sim/compute/tile_span.h"

namespace tessera::sim::compute {

// dst += a x b (32x32x32), or a x transpose_wh(b) when transpose_b is set.
// dst must not alias a or b.
void matmul_tile(ConstTileSpan a, ConstTileSpan b, TileSpan dst, bool transpose_b = false);

// One inner-dimension step over a block of output tiles, like tt-metal's matmul_block:
// for r < rt_dim, c < ct_dim:  dst[r * ct_dim + c] += a[r * kt_dim] x b[c]
// where a, b and dst are consecutive tiles. Callers advance a by one tile and b by a
// row of tiles for the next step along K.
struct MatmulBlockShape {
  uint32_t rt_dim = 1;  // output tile rows
  uint32_t ct_dim = 1;  // output tile columns
  uint32_t kt_dim = 1;  // stride, in tiles, between rows of a
};

Status matmul_block(std::span<const float> a_tiles, std::span<const float> b_tiles,
                    std::span<float> dst_tiles, const MatmulBlockShape& shape,
                    bool transpose_b = false);

}  // namespace tessera::sim::compute
