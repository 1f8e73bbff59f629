// exp_tile: elementwise exp of a destination register, in place.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

template <bool approx = false>
ALWI void exp_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_INIT, TESSERA_UNARY_EXP);
}
template <bool approx = false>
ALWI void exp_tile(uint32_t idst) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_TILE, TESSERA_UNARY_EXP, idst, 0u);
}

}  // namespace ckernel
