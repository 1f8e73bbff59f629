// Views of one fp32 tile (1024 floats in tile order), as held in the Dst register file
// or unpacked from a circular buffer.
#pragma once

#include <span>

#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::compute {

using TileSpan = std::span<float, tile::kTileElements>;
using ConstTileSpan = std::span<const float, tile::kTileElements>;

// Whether a result replaces what Dst holds or adds to it.
enum class DstUpdate { kOverwrite, kAccumulate };

}  // namespace tessera::sim::compute
