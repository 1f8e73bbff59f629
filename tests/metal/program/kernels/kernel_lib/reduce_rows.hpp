// A row reduction helper that includes only the reduce header and, as
// TTNN's reduce helpers do, reconfigures with the LLK-level calls and takes
// the enforce-fp32 template argument of reduce_init / reduce_tile.
#pragma once

#include "api/compute/reduce.h"
#include "kernel_lib/dst_capacity.hpp"

namespace kernel_lib {

template <PoolType type, uint32_t in, uint32_t scaler, uint32_t out>
ALWI void reduce_rows(uint32_t Ht, uint32_t Wt) {
  UNPACK((llk_unpack_reconfig_data_format_srca<DST_ACCUM_MODE>(out, in)));
  MATH((llk_math_reconfig_data_format_srca<DST_ACCUM_MODE>(out, in)));
  reduce_init<type, ReduceDim::REDUCE_ROW, DST_ACCUM_MODE>(in, scaler, out);
  UNPACK(
      (llk_unpack_AB_reduce_init<ReduceDim::REDUCE_ROW, BroadcastType::NONE, false>(in, scaler)));
  MATH((llk_math_reduce_init<type, ReduceDim::REDUCE_ROW, DST_ACCUM_MODE, MATH_FIDELITY, false>()));
  cb_wait_front(scaler, 1);
  for (uint32_t ht = 0; ht < Ht; ++ht) {
    tile_regs_acquire();
    for (uint32_t wt = 0; wt < Wt; ++wt) {
      cb_wait_front(in, 1);
      reduce_tile<type, ReduceDim::REDUCE_ROW, DST_ACCUM_MODE>(in, scaler, 0, 0, 0);
      cb_pop_front(in, 1);
    }
    cb_reserve_back(out, 1);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
    cb_push_back(out, 1);
  }
  reduce_uninit<DST_ACCUM_MODE>(in);
}

}  // namespace kernel_lib
