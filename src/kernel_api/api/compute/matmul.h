// Tile matrix multiply accumulating into a destination register.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void mm_init(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t out_cb_id,
                  uint32_t transpose = 0) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_MATMUL_INIT, in0_cb_id, in1_cb_id, out_cb_id,
                               transpose);
}

// Re-init after another op (e.g. copy_tile reloading partials) used the
// unpacker; nothing to reconfigure here.
ALWI void mm_init_short(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t transpose = 0) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_MATMUL_INIT, in0_cb_id, in1_cb_id, 0u, transpose);
}

// 2024 spellings and the current block init without an output CB.
ALWI void matmul_init(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t transpose = 0) {
  mm_init_short(in0_cb_id, in1_cb_id, transpose);
}
ALWI void matmul_block_init(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t transpose = 0,
                            uint32_t ct_dim = 1, uint32_t rt_dim = 1, uint32_t kt_dim = 1) {
  (void)ct_dim;
  (void)rt_dim;
  (void)kt_dim;
  mm_init_short(in0_cb_id, in1_cb_id, transpose);
}
ALWI void mm_block_init_short(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t transpose = 0,
                              uint32_t ct_dim = 1, uint32_t rt_dim = 1, uint32_t kt_dim = 1) {
  matmul_block_init(in0_cb_id, in1_cb_id, transpose, ct_dim, rt_dim, kt_dim);
}

ALWI void matmul_tiles(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t in0_tile_index,
                       uint32_t in1_tile_index, uint32_t idst, uint32_t transpose = 0) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_MATMUL_TILES, in0_cb_id, in1_cb_id, in0_tile_index,
                               in1_tile_index, idst, transpose);
}

// 2024 spelling of matmul_tiles.
ALWI void matmul_tile(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t in0_tile_index,
                      uint32_t in1_tile_index, uint32_t idst, uint32_t transpose = 0) {
  matmul_tiles(in0_cb_id, in1_cb_id, in0_tile_index, in1_tile_index, idst, transpose);
}

ALWI void mm_block_init(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t out_cb_id,
                        uint32_t transpose = 0, uint32_t ct_dim = 1, uint32_t rt_dim = 1,
                        uint32_t kt_dim = 1) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_MATMUL_INIT, in0_cb_id, in1_cb_id, out_cb_id,
                               transpose);
  (void)ct_dim;
  (void)rt_dim;
  (void)kt_dim;
}

// rt_dim x ct_dim output tiles from dst: dst[r * ct_dim + c] += a[r * kt_dim] x b[c].
ALWI void matmul_block(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t in0_tile_index,
                       uint32_t in1_tile_index, uint32_t idst, uint32_t transpose, uint32_t ct_dim,
                       uint32_t rt_dim, uint32_t kt_dim) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_MATMUL_BLOCK, in0_cb_id, in1_cb_id, in0_tile_index,
                               in1_tile_index, idst, transpose, ct_dim, rt_dim, kt_dim);
}

}  // namespace ckernel
