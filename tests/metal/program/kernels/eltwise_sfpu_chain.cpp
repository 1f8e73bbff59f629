// In the style of tt-metal's eltwise_sfpu.cpp: per tile, the tiles at the
// front of CBs 0, 1 and 2 go to Dst 0, 1 and 2, SFPU_OP_CHAIN_0 (a define)
// runs on them, and Dst 0 is packed to CB 16. Runtime arg 0: tile count.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/eltwise_unary/sfpu_split_includes.h"
#include "api/compute/tile_move_copy.h"
#include "compute_kernel_api/add_int_sfpu.h"
#include "compute_kernel_api/atan2.h"
#include "compute_kernel_api/binary_bitwise_sfpu.h"
#include "compute_kernel_api/binary_max_min.h"
#include "compute_kernel_api/binary_shift.h"
#include "compute_kernel_api/copy_dest_values.h"
#include "compute_kernel_api/eltwise_binary_sfpu.h"
#include "compute_kernel_api/mul_int_sfpu.h"
#include "compute_kernel_api/sub_int_sfpu.h"

namespace NAMESPACE {
void MAIN {
  const uint32_t per_core_tile_cnt = get_arg_val<uint32_t>(0);
  init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_16);
  for (uint32_t t = 0; t < per_core_tile_cnt; ++t) {
    cb_wait_front(tt::CBIndex::c_0, 1);
    cb_wait_front(tt::CBIndex::c_1, 1);
    cb_wait_front(tt::CBIndex::c_2, 1);
    cb_reserve_back(tt::CBIndex::c_16, 1);
    tile_regs_acquire();
    copy_tile(tt::CBIndex::c_0, 0, 0);
    copy_tile(tt::CBIndex::c_1, 0, 1);
    copy_tile(tt::CBIndex::c_2, 0, 2);
#ifdef SFPU_OP_CHAIN_0
    SFPU_OP_CHAIN_0
#endif
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, tt::CBIndex::c_16);
    tile_regs_release();
    cb_pop_front(tt::CBIndex::c_0, 1);
    cb_pop_front(tt::CBIndex::c_1, 1);
    cb_pop_front(tt::CBIndex::c_2, 1);
    cb_push_back(tt::CBIndex::c_16, 1);
  }
}
}  // namespace NAMESPACE
