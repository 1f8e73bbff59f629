// exp_tile: elementwise exp of a destination register, in place.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

template <bool approx = false, bool fast_and_approx = true, uint32_t scale = 0x3F800000>
ALWI void exp_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_EXP);
}
template <bool approx = false, bool fast_and_approx = true, bool scale_en = false,
          bool skip_positive_check = false, int iterations = 8>
ALWI void exp_tile(uint32_t idst, int vector_mode = static_cast<int>(VectorMode::RC),
                   uint16_t scale = 0x3F80) {
  (void)vector_mode;
  (void)scale;
  tessera_kernel::unary_tile(TESSERA_UNARY_EXP, idst);
}

}  // namespace ckernel
