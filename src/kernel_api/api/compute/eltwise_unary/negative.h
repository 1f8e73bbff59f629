// negative_tile: -x of a destination register, in place.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

TESSERA_SFPU_UNARY(negative, TESSERA_UNARY_NEG)

ALWI void negative_tile_int32(uint32_t idst) {
  tessera_kernel::unary_tile(TESSERA_UNARY_NEG, idst);
}

}  // namespace ckernel
