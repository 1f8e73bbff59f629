// Tiles -> row-major shard, one row of tiles at a time.
// Compile args: tile rows, tiles per row.
#include "api/compute/untilize.h"

namespace NAMESPACE {
void MAIN {
  constexpr uint32_t tile_rows = get_compile_time_arg_val(0);
  constexpr uint32_t tiles_wide = get_compile_time_arg_val(1);
  untilize_init(tt::CB::c_in0, tt::CB::c_out0);
  for (uint32_t row = 0; row < tile_rows; ++row) {
    cb_wait_front(tt::CB::c_in0, tiles_wide);
    cb_reserve_back(tt::CB::c_out0, tiles_wide);
    untilize_block(tt::CB::c_in0, tiles_wide, tt::CB::c_out0);
    cb_push_back(tt::CB::c_out0, tiles_wide);
    cb_pop_front(tt::CB::c_in0, tiles_wide);
  }
  untilize_uninit(tt::CB::c_in0);
}
}  // namespace NAMESPACE
