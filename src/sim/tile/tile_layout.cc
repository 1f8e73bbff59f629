#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::tile {
namespace {

// Keeps every byte count of a tensor of 8-byte elements well inside uint64.
constexpr uint64_t kMaxElements = uint64_t{1} << 48;

uint64_t round_up_to_tile(uint64_t n) {
  return (n + kTileHeight - 1) / kTileHeight * kTileHeight;
}

}  // namespace

Result<TiledShape> tiled_shape(std::span<const uint64_t> shape) {
  TiledShape tiled;
  uint64_t elements = 1;
  for (size_t dim = 0; dim < shape.size(); ++dim) {
    if (shape[dim] == 0) {
      return make_error(ErrorCode::kInvalidArgument, "tensor shape has size 0 in dim ", dim, " of ",
                        shape.size(), "; tiles need at least one element");
    }
    if (shape[dim] > kMaxElements || elements * shape[dim] > kMaxElements) {
      return make_error(ErrorCode::kOutOfRange, "tensor shape has more than 2^48 elements (dim ",
                        dim, " is ", shape[dim], ")");
    }
    elements *= shape[dim];
  }
  const size_t rank = shape.size();
  if (rank >= 1) tiled.cols = shape[rank - 1];
  if (rank >= 2) tiled.rows = shape[rank - 2];
  for (size_t dim = 0; dim + 2 < rank; ++dim) tiled.batch *= shape[dim];
  tiled.padded_rows = round_up_to_tile(tiled.rows);
  tiled.padded_cols = round_up_to_tile(tiled.cols);
  tiled.tiles_per_col = tiled.padded_rows / kTileHeight;
  tiled.tiles_per_row = tiled.padded_cols / kTileWidth;
  return tiled;
}

Result<uint64_t> tile_count(std::span<const uint64_t> shape) {
  TESSERA_ASSIGN_OR_RETURN(TiledShape tiled, tiled_shape(shape));
  return tiled.num_tiles();
}

}  // namespace tessera::sim::tile
