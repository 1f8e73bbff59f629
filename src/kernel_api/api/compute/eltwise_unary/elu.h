// elu_tile: x < 0 ? alpha * (exp(x) - 1) : x, alpha as float bits.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

ALWI void elu_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_ELU);
}
ALWI void elu_tile(uint32_t idst, uint32_t alpha_bits) {
  tessera_kernel::unary_tile(TESSERA_UNARY_ELU, idst, alpha_bits);
}

}  // namespace ckernel
