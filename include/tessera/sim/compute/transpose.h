// transpose_wh within a tile: element (r, c) moves to (c, r).
#pragma once

#include "tessera/sim/compute/tile_span.h"

namespace tessera::sim::compute {

// in and out may be the same tile.
void transpose_wh_tile(ConstTileSpan in, TileSpan out);

}  // namespace tessera::sim::compute
