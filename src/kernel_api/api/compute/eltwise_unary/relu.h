// relu and its bounded and leaky forms on a destination register, in place.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

TESSERA_SFPU_UNARY(relu, TESSERA_UNARY_RELU)

ALWI void relu_tile_int32(uint32_t idst) {
  tessera_kernel::unary_tile(TESSERA_UNARY_RELU, idst);
}
// Bounds and slopes are float bits.
ALWI void relu_max_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_RELU_MAX);
}
ALWI void relu_max_tile(uint32_t idst, uint32_t upper_bits) {
  tessera_kernel::unary_tile(TESSERA_UNARY_RELU_MAX, idst, upper_bits);
}
ALWI void relu_min_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_RELU_MIN);
}
ALWI void relu_min_tile(uint32_t idst, uint32_t lower_bits) {
  tessera_kernel::unary_tile(TESSERA_UNARY_RELU_MIN, idst, lower_bits);
}
ALWI void leaky_relu_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_LEAKY_RELU);
}
ALWI void leaky_relu_tile(uint32_t idst, uint32_t slope_bits) {
  tessera_kernel::unary_tile(TESSERA_UNARY_LEAKY_RELU, idst, slope_bits);
}

}  // namespace ckernel
