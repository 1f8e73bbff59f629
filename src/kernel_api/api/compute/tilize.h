// tilize_block: 32 row-major rows at the front of icb become `block`
// tiles at the back of ocb (no CB waits/pushes: the kernel does those).
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void tilize_init(uint32_t icb, uint32_t block, uint32_t ocb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb, block, ocb);
}
ALWI void tilize_init_short(uint32_t icb, uint32_t block, uint32_t ocb = 16) {
  tilize_init(icb, block, ocb);
}
ALWI void tilize_block(uint32_t icb, uint32_t block, uint32_t ocb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_TILIZE_BLOCK, icb, block, ocb);
}
ALWI void tilize_uninit(uint32_t icb = 0, uint32_t ocb = 16) {
  (void)icb;
  (void)ocb;
}

}  // namespace ckernel
