// gelu_tile: erf form, or the tanh form with fast_and_approx.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

template <bool fast_and_approx = true>
ALWI void gelu_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_GELU);
}
template <bool fast_and_approx = true>
ALWI void gelu_tile(uint32_t idst) {
  tessera_kernel::unary_tile(TESSERA_UNARY_GELU, idst);
}

}  // namespace ckernel
