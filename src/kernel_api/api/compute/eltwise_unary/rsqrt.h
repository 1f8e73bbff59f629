// rsqrt_tile: elementwise 1/sqrt(x) of a destination register, in place.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

template <bool legacy_compat = false, bool fast_and_approx = false>
ALWI void rsqrt_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_RSQRT);
}
template <bool legacy_compat = false, bool fast_and_approx = false>
ALWI void rsqrt_tile(uint32_t idst) {
  tessera_kernel::unary_tile(TESSERA_UNARY_RSQRT, idst);
}

}  // namespace ckernel
