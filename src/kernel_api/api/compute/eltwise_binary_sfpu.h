// SFPU binary ops on two destination registers: dst0 = dst0 op dst1.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

#define TESSERA_SFPU_BINARY(name, kind)                                                 \
  ALWI void name##_binary_tile_init() {                                                 \
    tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, kind);                           \
  }                                                                                     \
  ALWI void name##_binary_tile(uint32_t idst0, uint32_t idst1) {                        \
    tessera_kernel::compute_call(TESSERA_COMPUTE_BINARY_DST_TILES, kind, idst0, idst1); \
  }

TESSERA_SFPU_BINARY(add, TESSERA_BINARY_ADD)
TESSERA_SFPU_BINARY(sub, TESSERA_BINARY_SUB)
TESSERA_SFPU_BINARY(mul, TESSERA_BINARY_MUL)
TESSERA_SFPU_BINARY(div, TESSERA_BINARY_DIV)
TESSERA_SFPU_BINARY(power, TESSERA_BINARY_POW)
#undef TESSERA_SFPU_BINARY

}  // namespace ckernel
