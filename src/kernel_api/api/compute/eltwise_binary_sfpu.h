// SFPU binary ops on destination registers: odst = idst0 op idst1 (the
// 2-operand form writes idst0). Comparisons give 1 or 0.
#pragma once

#include "api/compute/common.h"

namespace tessera_kernel {

FORCE_INLINE void binary_dst_tiles(uint32_t kind, uint32_t idst0, uint32_t idst1, uint32_t odst) {
  compute_call(TESSERA_COMPUTE_BINARY_DST_TILES, kind, idst0, idst1, odst);
}

}  // namespace tessera_kernel

// <name>_init() and <name>(idst0, idst1, odst).
#define TESSERA_SFPU_BINARY_OP(name, kind)                        \
  ALWI void name##_init() {                                       \
    tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, kind);     \
  }                                                               \
  ALWI void name(uint32_t idst0, uint32_t idst1, uint32_t odst) { \
    tessera_kernel::binary_dst_tiles(kind, idst0, idst1, odst);   \
  }

namespace ckernel {

#define TESSERA_SFPU_BINARY(name, kind)                          \
  TESSERA_SFPU_BINARY_OP(name##_binary_tile, kind)               \
  ALWI void name##_binary_tile(uint32_t idst0, uint32_t idst1) { \
    tessera_kernel::binary_dst_tiles(kind, idst0, idst1, idst0); \
  }

TESSERA_SFPU_BINARY(add, TESSERA_BINARY_ADD)
TESSERA_SFPU_BINARY(sub, TESSERA_BINARY_SUB)
TESSERA_SFPU_BINARY(rsub, TESSERA_BINARY_RSUB)
TESSERA_SFPU_BINARY(mul, TESSERA_BINARY_MUL)
TESSERA_SFPU_BINARY(div, TESSERA_BINARY_DIV)
TESSERA_SFPU_BINARY(power, TESSERA_BINARY_POW)
TESSERA_SFPU_BINARY(eq, TESSERA_BINARY_EQ)
TESSERA_SFPU_BINARY(ne, TESSERA_BINARY_NE)
TESSERA_SFPU_BINARY(lt, TESSERA_BINARY_LT)
TESSERA_SFPU_BINARY(gt, TESSERA_BINARY_GT)
TESSERA_SFPU_BINARY(le, TESSERA_BINARY_LE)
TESSERA_SFPU_BINARY(ge, TESSERA_BINARY_GE)
#undef TESSERA_SFPU_BINARY

}  // namespace ckernel
