// out = BINARY_OP(in0, in1), tile by tile (also correct on row-major data:
// the op is elementwise, so any page layout shared by all three works).
// Defines: BINARY_OP (add_tiles / sub_tiles / mul_tiles), BINARY_OP_INIT,
// RHS_CB (c_in1, or c_in0 when both operands are one tensor: two CBs may not
// share one buffer).
// Compile args: tiles.
#include "api/compute/eltwise_binary.h"

namespace NAMESPACE {
void MAIN {
  constexpr uint32_t tiles = get_compile_time_arg_val(0);
  constexpr uint32_t rhs = RHS_CB;
  binary_op_init_common(tt::CB::c_in0, rhs, tt::CB::c_out0);
  BINARY_OP_INIT(tt::CB::c_in0, rhs);
  for (uint32_t t = 0; t < tiles; ++t) {
    cb_wait_front(tt::CB::c_in0, 1);
    cb_wait_front(rhs, 1);
    cb_reserve_back(tt::CB::c_out0, 1);
    tile_regs_acquire();
    BINARY_OP(tt::CB::c_in0, rhs, 0, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, tt::CB::c_out0);
    tile_regs_release();
    cb_push_back(tt::CB::c_out0, 1);
    cb_pop_front(tt::CB::c_in0, 1);
    if constexpr (rhs != tt::CB::c_in0) cb_pop_front(rhs, 1);
  }
}
}  // namespace NAMESPACE
