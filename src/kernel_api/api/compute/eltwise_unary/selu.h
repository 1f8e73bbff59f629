// selu_tile: scale * (x > 0 ? x : alpha * (exp(x) - 1)); scale and alpha are
// float bits. Without them, the standard SELU constants.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

ALWI void selu_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_SELU);
}
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void selu_tile(uint32_t idst, uint32_t scale, uint32_t alpha) {
  tessera_kernel::unary_tile(TESSERA_UNARY_SELU, idst, alpha, scale);
}
ALWI void selu_tile(uint32_t idst) {
  selu_tile(idst, tessera_kernel::float_bits(1.0507009873554805f),
            tessera_kernel::float_bits(1.6732632423543772f));
}

}  // namespace ckernel
