// sqrt_tile: elementwise sqrt of a destination register, in place.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

ALWI void sqrt_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_INIT, TESSERA_UNARY_SQRT);
}
ALWI void sqrt_tile(uint32_t idst) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_TILE, TESSERA_UNARY_SQRT, idst, 0u);
}

}  // namespace ckernel
