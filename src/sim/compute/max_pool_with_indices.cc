#include "tessera/sim/compute/max_pool_with_indices.h"

#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::compute {
namespace {

uint32_t position(DstLayout layout, uint32_t row, uint32_t column) {
  return layout == DstLayout::kTile ? tile::tile_offset(row, column)
                                    : row * tile::kTileWidth + column;
}

}  // namespace

Status max_pool_with_indices(const MaxPoolWithIndices& op, TileSpan values, TileSpan indices,
                             std::span<float> running_values, std::span<float> running_indices) {
  if (op.num_rows == 0 || op.num_rows > tile::kTileHeight) {
    return make_error(ErrorCode::kInvalidArgument, "max_reduce_with_indices: num_rows ",
                      op.num_rows, " is not 1 to 32");
  }
  const uint32_t rows = op.num_rows <= 9 ? 9 : tile::kTileHeight;
  if (op.layout == DstLayout::kTile && (rows != 9 || op.accumulate)) {
    return make_error(ErrorCode::kInvalidArgument,
                      "max_reduce_with_indices: the TILE layout reduces 9 rows without "
                      "accumulation; use DataLayout::ROW_MAJOR for 32 rows or accumulate");
  }
  const bool accumulate = op.accumulate && rows == tile::kTileHeight;
  if (accumulate &&
      (running_values.size() < tile::kTileWidth || running_indices.size() < tile::kTileWidth)) {
    return make_error(ErrorCode::kInvalidArgument,
                      "max_reduce_with_indices: accumulation needs the Dst tiles after the "
                      "values and the indices");
  }
  for (uint32_t c = 0; c < tile::kTileWidth; ++c) {
    uint32_t best = position(op.layout, 0, c);
    for (uint32_t r = 1; r < rows; ++r) {
      const uint32_t p = position(op.layout, r, c);
      if (values[p] > values[best]) best = p;
    }
    float value = values[best], index = indices[best];
    if (accumulate) {
      const uint32_t p = position(op.layout, 0, c);
      if (op.chunk > 0 && !(value > running_values[p])) {
        value = running_values[p];
        index = running_indices[p];
      }
      running_values[p] = value;
      running_indices[p] = index;
    }
    values[position(op.layout, 0, c)] = value;
    indices[position(op.layout, 0, c)] = index;
  }
  return ok_status();
}

}  // namespace tessera::sim::compute
