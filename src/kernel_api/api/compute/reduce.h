// reduce_tile: sum / average / max along rows, columns or both, each
// element scaled by the scaler tile's first element.
#pragma once

#include "api/compute/common.h"

enum class PoolType : uint8_t { SUM = 0, AVG = 1, MAX = 2 };
enum class ReduceDim : uint8_t { REDUCE_ROW = 0, REDUCE_COL = 1, REDUCE_SCALAR = 2 };

#ifndef REDUCE_OP
#define REDUCE_OP PoolType::SUM
#endif
#ifndef REDUCE_DIM
#define REDUCE_DIM ReduceDim::REDUCE_ROW
#endif

namespace ckernel {

template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM>
ALWI void reduce_init(uint32_t icb, uint32_t icb_scaler, uint32_t ocb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb, icb_scaler, ocb);
}
ALWI void reduce_uninit() {}

template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM>
ALWI void reduce_tile(uint32_t icb, uint32_t icb_scaler, uint32_t itile, uint32_t itile_scaler,
                      uint32_t idst) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_REDUCE_TILE, static_cast<uint32_t>(reduce_type),
                               static_cast<uint32_t>(reduce_dim), icb, icb_scaler, itile,
                               itile_scaler, idst);
}

}  // namespace ckernel
