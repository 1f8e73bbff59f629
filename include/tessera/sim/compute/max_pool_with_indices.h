// max_reduce_with_indices: the SFPU's max pool with indices (tt-llk's
// ckernel_sfpu_max_pool_indices.h) on a Dst tile of values and a Dst tile of
// their indices. For each of the 32 columns, the largest of the first rows
// (9 when num_rows <= 9, else 32) and its index land in row 0 of both tiles;
// ties keep the earliest row.
//
// kTile: the tiles are in tile order (32 x 32). kRowMajor: the Dst tile
// holds 32 rows of 32 values one after another (row r at positions
// r * 32 ..), as a row-major CB unpacks; only the 9-row form exists for
// kTile. With `accumulate` (row-major, 32 rows), the running result is also
// kept in row 0 of the next tiles (values + 1, indices + 1): chunk 0 starts
// it, later chunks keep the larger.
#pragma once

#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/sim/compute/tile_span.h"

namespace tessera::sim::compute {

enum class DstLayout : uint32_t { kTile = 0, kRowMajor = 1 };

struct MaxPoolWithIndices {
  uint32_t num_rows = 9;
  DstLayout layout = DstLayout::kTile;
  bool accumulate = false;
  uint32_t chunk = 0;
};

// `running_values` / `running_indices` are used only with `accumulate`.
Status max_pool_with_indices(const MaxPoolWithIndices& op, TileSpan values, TileSpan indices,
                             std::span<float> running_values, std::span<float> running_indices);

}  // namespace tessera::sim::compute
