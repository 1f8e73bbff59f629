// untilize_block: `block` tiles at the front of icb become 32 row-major
// rows at the back of ocb.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void untilize_init(uint32_t icb, uint32_t ocb = 16) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb, ocb);
}
ALWI void untilize_init_short(uint32_t icb) {
  untilize_init(icb);
}
template <int N = 1>
ALWI void untilize_block(uint32_t icb, uint32_t block, uint32_t ocb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNTILIZE_BLOCK, icb, block, ocb);
}
ALWI void untilize_uninit(uint32_t icb = 0) {
  (void)icb;
}

}  // namespace ckernel
