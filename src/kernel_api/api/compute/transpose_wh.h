// transpose_wh_tile (transpose_tile): a CB tile transposed into a destination
// register.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void transpose_wh_init(uint32_t icb, uint32_t ocb = 16) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb, ocb);
}
ALWI void transpose_wh_init_short(uint32_t icb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb);
}
ALWI void transpose_wh_tile(uint32_t icb, uint32_t itile, uint32_t idst) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_TRANSPOSE_WH_TILE, icb, itile, idst);
}

// The newer names of the same operation.
ALWI void transpose_init(uint32_t icb) {
  transpose_wh_init_short(icb);
}
ALWI void transpose_tile(uint32_t icb, uint32_t itile, uint32_t idst) {
  transpose_wh_tile(icb, itile, idst);
}

}  // namespace ckernel
