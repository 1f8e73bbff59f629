// copy_tile and the compute kernel API's tilize/untilize of a block of fp32 tiles.
#pragma once

#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/sim/compute/tile_span.h"

namespace tessera::sim::compute {

inline void copy_tile(ConstTileSpan in, TileSpan out) {
  for (uint32_t i = 0; i < tile::kTileElements; ++i) out[i] = in[i];
}

inline void zero_tile(TileSpan out) {
  for (float& v : out) v = 0.0f;
}

// 32 row-major rows of 32 * tiles_wide floats <-> tiles_wide tiles (tilize_block /
// untilize_block). Spans must hold tiles_wide * 1024 floats.
Status tilize_block(std::span<const float> rows, std::span<float> tiles, uint32_t tiles_wide);
Status untilize_block(std::span<const float> tiles, std::span<float> rows, uint32_t tiles_wide);

}  // namespace tessera::sim::compute
