// Packing destination registers out to a circular buffer.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

template <bool out_of_order_output = false>
ALWI void pack_tile(uint32_t ifrom_dst, uint32_t icb, uint32_t output_tile_index = 0) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_PACK_TILE, ifrom_dst, icb,
                               out_of_order_output ? output_tile_index : 0xffffffffu);
}

}  // namespace ckernel
