// Reduces each row of a tiled shard across its width (REDUCE_OP along
// REDUCE_ROW), then untilizes the result tile so the writer can pick column 0.
// Defines: REDUCE_OP (PoolType::SUM / AVG / MAX), REDUCE_DIM (ReduceDim::REDUCE_ROW).
// Compile args: tile rows, tiles per row.
#include "api/compute/reduce.h"
#include "api/compute/untilize.h"

namespace NAMESPACE {
void MAIN {
  constexpr uint32_t tile_rows = get_compile_time_arg_val(0);
  constexpr uint32_t tiles_wide = get_compile_time_arg_val(1);
  constexpr uint32_t reduced = tt::CB::c_intermed0;
  constexpr uint32_t rows = tt::CB::c_intermed1;
  reduce_init(tt::CB::c_in0, tt::CB::c_in2, reduced);
  cb_wait_front(tt::CB::c_in2, 1);
  for (uint32_t row = 0; row < tile_rows; ++row) {
    cb_wait_front(tt::CB::c_in0, tiles_wide);
    cb_reserve_back(reduced, 1);
    tile_regs_acquire();
    for (uint32_t t = 0; t < tiles_wide; ++t) reduce_tile(tt::CB::c_in0, tt::CB::c_in2, t, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, reduced);
    tile_regs_release();
    cb_push_back(reduced, 1);
    cb_pop_front(tt::CB::c_in0, tiles_wide);

    cb_wait_front(reduced, 1);
    cb_reserve_back(rows, 1);
    untilize_block(reduced, 1, rows);
    cb_push_back(rows, 1);
    cb_pop_front(reduced, 1);
  }
  cb_pop_front(tt::CB::c_in2, 1);
}
}  // namespace NAMESPACE
