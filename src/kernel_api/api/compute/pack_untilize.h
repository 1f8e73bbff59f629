// pack_untilize: block_ct_dim tiles of the input CB become 32 row-major rows
// in the output CB (what untilize_block does, done by the packer on the
// device). One row of tiles per call, the whole row width at once.
#pragma once

#include "api/compute/untilize.h"

namespace ckernel {

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool narrow_row = false,
          uint32_t row_num_datums = 32>
ALWI void pack_untilize_init(uint32_t icb, uint32_t ocb) {
  static_assert(block_ct_dim == full_ct_dim,
                "pack_untilize: a block narrower than the row is not supported");
  untilize_init(icb, ocb);
}
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool narrow_row = false,
          uint32_t row_num_datums = 32>
ALWI void pack_untilize_block(uint32_t icb, uint32_t block_rt_dim, uint32_t ocb,
                              uint32_t block_c_index = 0) {
  static_assert(block_ct_dim == full_ct_dim,
                "pack_untilize: a block narrower than the row is not supported");
  if (block_rt_dim != 1 || block_c_index != 0) {
    tessera_kernel::fail("pack_untilize_block: only one row of tiles per call is supported");
  }
  untilize_block(icb, block_ct_dim, ocb);
}
ALWI void pack_untilize_uninit(uint32_t ocb) {
  (void)ocb;
}

}  // namespace ckernel
