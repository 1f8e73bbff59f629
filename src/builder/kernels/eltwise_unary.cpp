// out = UNARY_OP(in0), tile by tile: copy to Dst, apply the SFPU op, pack.
// Defines: UNARY_OP (relu_tile / exp_tile / ...), UNARY_OP_INIT.
// Compile args: tiles.
#include "api/compute/eltwise_unary/eltwise_unary.h"

#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/eltwise_unary/relu.h"
#include "api/compute/eltwise_unary/sfpu_unary.h"
#include "api/compute/eltwise_unary/sqrt.h"
#include "api/compute/tile_move_copy.h"

namespace NAMESPACE {
void MAIN {
  constexpr uint32_t tiles = get_compile_time_arg_val(0);
  unary_op_init_common(tt::CB::c_in0, tt::CB::c_out0);
  copy_tile_init(tt::CB::c_in0);
  UNARY_OP_INIT();
  for (uint32_t t = 0; t < tiles; ++t) {
    cb_wait_front(tt::CB::c_in0, 1);
    cb_reserve_back(tt::CB::c_out0, 1);
    tile_regs_acquire();
    copy_tile(tt::CB::c_in0, 0, 0);
    UNARY_OP(0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, tt::CB::c_out0);
    tile_regs_release();
    cb_push_back(tt::CB::c_out0, 1);
    cb_pop_front(tt::CB::c_in0, 1);
  }
}
}  // namespace NAMESPACE
