// Tile-level eltwise binary ops with optional broadcast of the second operand, as the
// compute kernel API's add_tiles / sub_tiles / mul_tiles and *_tiles_bcast use them.
#pragma once

#include "tessera/sim/compute/binary_op.h"
#include "tessera/sim/compute/tile_span.h"

namespace tessera::sim::compute {

// Which part of tile B is spread over the whole tile (tt-metal BroadcastType):
//   kRow:    row 0 of B is used for every row    (B is 1 x W; bcast along H)
//   kCol:    column 0 of B is used for every col (B is H x 1; bcast along W)
//   kScalar: element [0][0] of B is used everywhere
enum class BroadcastType { kNone, kRow, kCol, kScalar };

const char* broadcast_type_name(BroadcastType type);

// dst = a op bcast(b), or dst += a op bcast(b). dst may alias a or b. Fails only for op or
// broadcast codes outside their enums, leaving dst unchanged.
Status eltwise_binary_tile(BinaryOp op, BroadcastType broadcast, ConstTileSpan a, ConstTileSpan b,
                           TileSpan dst, DstUpdate update = DstUpdate::kOverwrite);

// b spread to a full tile according to `broadcast` (a copy for kNone).
void broadcast_tile(BroadcastType broadcast, ConstTileSpan b, TileSpan out);

}  // namespace tessera::sim::compute
