// rpow_tile: base ^ x for each element x of a destination register; the
// base is float bits.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

ALWI void rpow_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, TESSERA_BINARY_RPOW);
}
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void rpow_tile(uint32_t idst, uint32_t base_val) {
  tessera_kernel::scalar_tile(TESSERA_BINARY_RPOW, idst, base_val);
}

}  // namespace ckernel
