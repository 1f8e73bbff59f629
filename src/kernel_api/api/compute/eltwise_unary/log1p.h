// log1p_tile: log(1 + x) of a destination register, in place.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

template <bool fast_and_approx = false>
ALWI void log1p_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_LOG1P);
}
template <bool fast_and_approx = false>
ALWI void log1p_tile(uint32_t idst) {
  tessera_kernel::unary_tile(TESSERA_UNARY_LOG1P, idst);
}

}  // namespace ckernel
