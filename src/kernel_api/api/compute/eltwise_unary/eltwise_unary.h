// Setup for unary (SFPU) operations on destination registers.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void init_sfpu(uint32_t icb, uint32_t ocb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_COPY_TILE_INIT, icb);
  (void)ocb;
}
ALWI void unary_op_init_common(uint32_t icb, uint32_t ocb) {
  init_sfpu(icb, ocb);
}

}  // namespace ckernel
