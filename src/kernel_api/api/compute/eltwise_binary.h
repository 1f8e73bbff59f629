// Elementwise add/sub/mul of two tiles into a destination register.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void binary_op_init_common(uint32_t icb0, uint32_t icb1, uint32_t ocb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_BINARY_OP_INIT, icb0, icb1, ocb);
}

#define TESSERA_BINARY_TILE_OP(name, kind)                                                       \
  ALWI void name##_tiles_init(uint32_t icb0 = 0, uint32_t icb1 = 1, bool acc_to_dest = false) {          \
    (void)acc_to_dest;                                                                           \
    tessera_kernel::compute_call(TESSERA_COMPUTE_BINARY_INIT, kind, icb0, icb1);                 \
  }                                                                                              \
  ALWI void name##_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,         \
                         uint32_t idst) {                                                        \
    tessera_kernel::compute_call(TESSERA_COMPUTE_BINARY_TILES, kind, icb0, icb1, itile0, itile1, \
                                 idst);                                                          \
  }

TESSERA_BINARY_TILE_OP(add, TESSERA_BINARY_ADD)
TESSERA_BINARY_TILE_OP(sub, TESSERA_BINARY_SUB)
TESSERA_BINARY_TILE_OP(mul, TESSERA_BINARY_MUL)
#undef TESSERA_BINARY_TILE_OP

}  // namespace ckernel
