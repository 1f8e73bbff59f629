// Element-wise binary ops read straight from packed tiles: the unpacker and
// the math unit in one pass, with no fp32 staging copies of the operands.
//
// This is the hot path of eltwise kernels (add_tiles & co. with no
// broadcast). Results are bit-identical to unpacking both tiles to fp32 and
// calling eltwise_binary_tile: decoding bfloat16 and fp32 is exact, and the
// arithmetic is the same fp32 function per element.
#pragma once

#include <cstddef>

#include "tessera/sim/compute/binary_op.h"
#include "tessera/sim/compute/tile_span.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::sim::compute {

// Whether the fused path handles tiles in these formats (Float32 and
// Float16_b, in any pairing).
bool has_packed_binary_path(tile::DataFormat a, tile::DataFormat b);

// dst = a op b for two packed tiles in tile order. Requires
// has_packed_binary_path(format_a, format_b); `a` and `b` hold a whole tile
// each and do not overlap dst. Fails only for an op code outside BinaryOp.
Status eltwise_binary_packed_tile(BinaryOp op, tile::DataFormat format_a, const std::byte* a,
                                  tile::DataFormat format_b, const std::byte* b, TileSpan dst);

}  // namespace tessera::sim::compute
