// The remaining SFPU unary ops on a destination register, in place:
// <name>_tile_init() and <name>_tile(idst) as in tt-metal.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace tessera_kernel {

FORCE_INLINE uint32_t float_bits(float value) {
  uint32_t bits;
  __builtin_memcpy(&bits, &value, sizeof(bits));
  return bits;
}

}  // namespace tessera_kernel

namespace ckernel {

#define TESSERA_SFPU_UNARY(name, kind)                                        \
  ALWI void name##_tile_init() {                                              \
    tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_INIT, kind);           \
  }                                                                           \
  ALWI void name##_tile(uint32_t idst) {                                      \
    tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_TILE, kind, idst, 0u); \
  }

TESSERA_SFPU_UNARY(sigmoid, TESSERA_UNARY_SIGMOID)
TESSERA_SFPU_UNARY(tanh, TESSERA_UNARY_TANH)
TESSERA_SFPU_UNARY(log, TESSERA_UNARY_LOG)
TESSERA_SFPU_UNARY(abs, TESSERA_UNARY_ABS)
TESSERA_SFPU_UNARY(negative, TESSERA_UNARY_NEG)
TESSERA_SFPU_UNARY(square, TESSERA_UNARY_SQUARE)
TESSERA_SFPU_UNARY(silu, TESSERA_UNARY_SILU)
TESSERA_SFPU_UNARY(erf, TESSERA_UNARY_ERF)
TESSERA_SFPU_UNARY(sin, TESSERA_UNARY_SIN)
TESSERA_SFPU_UNARY(cos, TESSERA_UNARY_COS)
TESSERA_SFPU_UNARY(exp2, TESSERA_UNARY_EXP2)
TESSERA_SFPU_UNARY(sign, TESSERA_UNARY_SIGN)
#undef TESSERA_SFPU_UNARY

template <bool fast_and_approx = false>
ALWI void gelu_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_INIT, TESSERA_UNARY_GELU);
}
template <bool fast_and_approx = false>
ALWI void gelu_tile(uint32_t idst) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_TILE, TESSERA_UNARY_GELU, idst, 0u);
}
template <bool fast_and_approx = false>
ALWI void rsqrt_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_INIT, TESSERA_UNARY_RSQRT);
}
template <bool fast_and_approx = false>
ALWI void rsqrt_tile(uint32_t idst) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_TILE, TESSERA_UNARY_RSQRT, idst, 0u);
}

// Ops with a parameter: the value is passed as its float bits (as tt-metal
// passes them to the SFPU).
ALWI void power_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_INIT, TESSERA_UNARY_POWER);
}
ALWI void power_tile(uint32_t idst, uint32_t exponent) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_TILE, TESSERA_UNARY_POWER, idst,
                               tessera_kernel::float_bits(static_cast<float>(exponent)));
}
ALWI void leaky_relu_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_INIT, TESSERA_UNARY_LEAKY_RELU);
}
ALWI void leaky_relu_tile(uint32_t idst, uint32_t slope_bits) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_TILE, TESSERA_UNARY_LEAKY_RELU, idst,
                               slope_bits);
}
ALWI void relu_max_tile(uint32_t idst, uint32_t upper_bits) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_TILE, TESSERA_UNARY_RELU_MAX, idst,
                               upper_bits);
}
ALWI void relu_min_tile(uint32_t idst, uint32_t lower_bits) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_TILE, TESSERA_UNARY_RELU_MIN, idst,
                               lower_bits);
}
ALWI void fill_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_INIT, TESSERA_UNARY_FILL);
}
ALWI void fill_tile(uint32_t idst, float value) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_TILE, TESSERA_UNARY_FILL, idst,
                               tessera_kernel::float_bits(value));
}

}  // namespace ckernel
