// rand_tile: every element of a destination register uniform in
// [from, from + scale) (float bits), from a generator rand_tile_init seeds.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

ALWI void rand_tile_init(uint32_t seed) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_RAND_INIT, seed);
}
ALWI void rand_tile(uint32_t idst, uint32_t from, uint32_t scale) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_RAND_TILE, idst, from, scale);
}

}  // namespace ckernel
