// clamp_tile: a destination register clamped to [low, high], in place. The
// bounds are float bits, or int32s in clamp_tile_int32.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

ALWI void clamp_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_CLAMP);
}
ALWI void clamp_tile(uint32_t idst, uint32_t param0, uint32_t param1) {
  tessera_kernel::unary_tile(TESSERA_UNARY_CLAMP, idst, param0, param1);
}
ALWI void clamp_tile_int32(uint32_t idst, uint32_t param0, uint32_t param1) {
  tessera_kernel::unary_tile(TESSERA_UNARY_CLAMP, idst, tessera_kernel::int_param_bits(param0),
                             tessera_kernel::int_param_bits(param1));
}

}  // namespace ckernel
