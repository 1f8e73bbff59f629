// Element-wise max / min of two destination registers into a third.
// Dst holds integers as exact floats, so the int32 forms are the same math.
#pragma once

#include "api/compute/eltwise_binary_sfpu.h"

namespace ckernel {

TESSERA_SFPU_BINARY_OP(binary_max_int32_tile, TESSERA_BINARY_MAX)
TESSERA_SFPU_BINARY_OP(binary_max_uint32_tile, TESSERA_BINARY_MAX)
TESSERA_SFPU_BINARY_OP(binary_min_int32_tile, TESSERA_BINARY_MIN)
TESSERA_SFPU_BINARY_OP(binary_min_uint32_tile, TESSERA_BINARY_MIN)

ALWI void binary_max_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, TESSERA_BINARY_MAX);
}
ALWI void binary_max_tile(uint32_t idst0, uint32_t idst1, uint32_t odst,
                          VectorMode vector_mode = VectorMode::RC) {
  (void)vector_mode;
  tessera_kernel::binary_dst_tiles(TESSERA_BINARY_MAX, idst0, idst1, odst);
}
ALWI void binary_min_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, TESSERA_BINARY_MIN);
}
ALWI void binary_min_tile(uint32_t idst0, uint32_t idst1, uint32_t odst,
                          VectorMode vector_mode = VectorMode::RC) {
  (void)vector_mode;
  tessera_kernel::binary_dst_tiles(TESSERA_BINARY_MIN, idst0, idst1, odst);
}

}  // namespace ckernel
