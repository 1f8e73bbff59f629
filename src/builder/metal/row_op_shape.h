// The shape checks softmax and reduce share: a tiled L1 input split by rows
// only (grid_y x 1), worked on along its last dimension.
#pragma once

#include "metal/program_spec.h"

namespace tessera::builder::metal_lowering {

struct RowOpShape {
  int grid_y = 1;
  int64_t tile_rows = 0;  // per core
  int64_t tiles_wide = 0;
};

inline Result<RowOpShape> row_op_shape(const TensorNode& in, int64_t dim, const char* op) {
  auto fail = [op](const char* why) {
    return make_error(ErrorCode::kUnimplemented, op, " in the TTM0 lowering: ", why);
  };
  if (in.placement.layout != Layout::kTile) return fail("the input must be tiled");
  if (in.placement.grid_x != 1) return fail("the input must be split by rows only (grid Nx1)");
  const int64_t rank = static_cast<int64_t>(in.shape.size());
  if (rank == 0 || (dim != -1 && dim != rank - 1)) return fail("only the last dimension");
  int64_t height = 1;
  for (int64_t d = 0; d + 1 < rank; ++d) height *= in.shape[static_cast<size_t>(d)];
  const int64_t width = in.shape.back();
  RowOpShape shape;
  shape.grid_y = in.placement.grid_y;
  if (width % kTileDim != 0 || height % (kTileDim * shape.grid_y) != 0) {
    return fail("rows and width must be whole tiles on every core");
  }
  shape.tile_rows = height / kTileDim / shape.grid_y;
  shape.tiles_wide = width / kTileDim;
  return shape;
}

}  // namespace tessera::builder::metal_lowering
