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

// The compiler's experimental::untilize_block(icb, ocb, rows, cols); see
// api/compute/tilize.h for why the include guard is defined here.
#define TTMLIR_TARGET_TTKERNEL_LLKS_EXPERIMENTAL_UNTILIZE_LLKS_H
namespace experimental {

// block_r x block_c tiles become block_r bands of 32 rows, block_c tiles
// wide, at the packer's next pages of ocb.
ALWI void untilize_block(uint32_t icb, uint32_t ocb, uint32_t block_r, uint32_t block_c) {
  for (uint32_t r = 0; r < block_r; ++r) {
    tessera_kernel::compute_call(TESSERA_COMPUTE_UNTILIZE_BLOCK, icb, block_c, ocb, r * block_c,
                                 0xffffffffu);
  }
}

}  // namespace experimental
