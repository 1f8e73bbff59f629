// erf_tile and erfc_tile on a destination register, in place.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

template <bool fast_and_approx = true>
ALWI void erf_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_ERF);
}
template <bool fast_and_approx = true>
ALWI void erf_tile(uint32_t idst) {
  tessera_kernel::unary_tile(TESSERA_UNARY_ERF, idst);
}
template <bool fast_and_approx = true>
ALWI void erfc_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_ERFC);
}
template <bool fast_and_approx = true>
ALWI void erfc_tile(uint32_t idst) {
  tessera_kernel::unary_tile(TESSERA_UNARY_ERFC, idst);
}

}  // namespace ckernel
