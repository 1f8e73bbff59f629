// Tile matrix multiply accumulating into a destination register.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void mm_init(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t out_cb_id,
                  uint32_t transpose = 0) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_MATMUL_INIT, in0_cb_id, in1_cb_id, out_cb_id,
                               transpose);
}

ALWI void matmul_tiles(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t in0_tile_index,
                       uint32_t in1_tile_index, uint32_t idst, uint32_t transpose = 0) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_MATMUL_TILES, in0_cb_id, in1_cb_id, in0_tile_index,
                               in1_tile_index, idst, transpose);
}

}  // namespace ckernel
