// Setup for unary (SFPU) operations on destination registers, and the calls
// every SFPU header builds on.
#pragma once

#include "api/compute/common.h"

namespace tessera_kernel {

// Op parameters travel as float bits, as tt-metal passes them to the SFPU.
FORCE_INLINE uint32_t float_bits(float value) {
  uint32_t bits;
  __builtin_memcpy(&bits, &value, sizeof(bits));
  return bits;
}
// An integer parameter of an _int32 op: Dst holds integers as floats.
FORCE_INLINE uint32_t int_param_bits(uint32_t value) {
  return float_bits(static_cast<float>(static_cast<int32_t>(value)));
}

FORCE_INLINE void unary_init(uint32_t kind) {
  compute_call(TESSERA_COMPUTE_UNARY_INIT, kind);
}
FORCE_INLINE void unary_tile(uint32_t kind, uint32_t idst, uint32_t param = 0,
                             uint32_t param2 = 0) {
  compute_call(TESSERA_COMPUTE_UNARY_TILE, kind, idst, param, param2);
}
// dst op= scalar (float bits).
FORCE_INLINE void scalar_tile(uint32_t binary_kind, uint32_t idst, uint32_t scalar_bits) {
  compute_call(TESSERA_COMPUTE_BINARY_SCALAR_TILE, binary_kind, idst, scalar_bits);
}

}  // namespace tessera_kernel

namespace ckernel {

ALWI void init_sfpu(uint32_t icb, uint32_t ocb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_COPY_TILE_INIT, icb);
  (void)ocb;
}
// 2024: the output CB was implied.
ALWI void init_sfpu(uint32_t icb) {
  init_sfpu(icb, 16);
}
ALWI void unary_op_init_common(uint32_t icb, uint32_t ocb = 16) {
  init_sfpu(icb, ocb);
}

}  // namespace ckernel

// <name>_tile_init() and <name>_tile(idst) for an op without parameters.
#define TESSERA_SFPU_UNARY(name, kind)      \
  ALWI void name##_tile_init() {            \
    tessera_kernel::unary_init(kind);       \
  }                                         \
  ALWI void name##_tile(uint32_t idst) {    \
    tessera_kernel::unary_tile(kind, idst); \
  }
