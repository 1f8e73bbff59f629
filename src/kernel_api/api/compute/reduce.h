// reduce_tile: sum / average / max along rows, columns or both, each
// element scaled by the scaler tile's first element.
#pragma once

#include "api/compute/common.h"

#ifndef REDUCE_OP
#define REDUCE_OP PoolType::SUM
#endif
#ifndef REDUCE_DIM
#define REDUCE_DIM ReduceDim::REDUCE_ROW
#endif

namespace ckernel {

// enforce_fp32_accumulation: the simulator's Dst accumulates in float
// whatever it is (see README).
template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM,
          bool enforce_fp32_accumulation = false>
ALWI void reduce_init(uint32_t icb, uint32_t icb_scaler, uint32_t ocb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb, icb_scaler, ocb);
}
// 2024: template<bool at_start> reduce_init(op, dim, icb, icb_scaler, ocb).
template <bool at_start>
ALWI void reduce_init(PoolType reduce_op, ReduceDim dim, uint32_t icb, uint32_t icb_scaler,
                      uint32_t ocb = 16) {
  (void)reduce_op;
  (void)dim;
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb, icb_scaler, ocb);
}
template <bool enforce_fp32_accumulation = false>
ALWI void reduce_uninit(uint32_t icb = 0) {
  (void)icb;
}

template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM,
          bool enforce_fp32_accumulation = false>
ALWI void reduce_tile(uint32_t icb, uint32_t icb_scaler, uint32_t itile, uint32_t itile_scaler,
                      uint32_t idst) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_REDUCE_TILE, static_cast<uint32_t>(reduce_type),
                               static_cast<uint32_t>(reduce_dim), icb, icb_scaler, itile,
                               itile_scaler, idst);
}

}  // namespace ckernel

// The LLK-level reduce configuration TTNN's kernel_lib helpers call
// directly (tt-metal's reduce.h brings the LLK reduce API in): configuration
// only here; the reduce itself is reduce_tile's.
template <ReduceDim reduce_dim, auto... options>
ALWI void llk_unpack_AB_reduce_init(uint32_t icb, uint32_t icb_scaler, uint32_t = 0) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb, icb_scaler);
}
template <PoolType reduce_type, ReduceDim reduce_dim, auto... options>
ALWI void llk_math_reduce_init(uint32_t = 0) {}
template <auto... options>
ALWI void llk_math_reduce_uninit(uint32_t = 0) {}
template <auto... options>
ALWI void llk_pack_reduce_mask_config() {}
ALWI void llk_pack_reduce_mask_clear() {}
