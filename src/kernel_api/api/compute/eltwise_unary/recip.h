// recip_tile: elementwise 1/x of a destination register, in place.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

template <bool legacy_compat = true>
ALWI void recip_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_RECIP);
}
template <bool legacy_compat = true>
ALWI void recip_tile(uint32_t idst, int vector_mode = static_cast<int>(VectorMode::RC)) {
  (void)vector_mode;
  tessera_kernel::unary_tile(TESSERA_UNARY_RECIP, idst);
}

}  // namespace ckernel
