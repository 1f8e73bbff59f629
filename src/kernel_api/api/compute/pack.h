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

namespace ckernel {

// ntiles consecutive Dst tiles from ifrom_dst, each to the next free page.
ALWI void pack_tile_block(uint32_t ifrom_dst, uint32_t icb, uint32_t ntiles) {
  for (uint32_t i = 0; i < ntiles; ++i) pack_tile(ifrom_dst + i, icb);
}

// The packer packs each CB by its own format: nothing to reconfigure.
ALWI void pack_reconfig_data_format(uint32_t new_operand) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, new_operand);
}
ALWI void pack_reconfig_data_format(uint32_t old_operand, uint32_t new_operand) {
  (void)old_operand;
  pack_reconfig_data_format(new_operand);
}

}  // namespace ckernel

namespace ckernel {

// 1: later packs add to the values already in L1 (accumulating partial
// results across calls), 0: they overwrite.
ALWI void pack_reconfig_l1_acc(uint32_t l1_acc_en) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_PACK_L1_ACC, l1_acc_en);
}

}  // namespace ckernel
