// pack_untilize: tiles become row-major rows, done by the packer on the
// device. A block is block_ct_dim tiles of a row full_ct_dim tiles wide;
// block block_c_index lands at column block_c_index * block_ct_dim * 32 of
// the 32 rows at the back of the output CB.
#pragma once

#include "api/compute/untilize.h"

#ifndef TILE_C_DIM
#define TILE_C_DIM 32
#endif

namespace ckernel {

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool narrow_row = false,
          uint32_t row_num_datums = TILE_C_DIM, bool dense = false>
ALWI void pack_untilize_dest_init(uint32_t ocb, uint32_t face_r_dim = 16, uint32_t num_faces = 4) {
  static_assert(full_ct_dim % block_ct_dim == 0,
                "pack_untilize: full_ct_dim must be a multiple of block_ct_dim");
  static_assert(!narrow_row && row_num_datums == TILE_C_DIM && !dense,
                "pack_untilize: narrow rows and dense packing are not supported by tessera");
  if (face_r_dim != 16 || num_faces != 4) {
    tessera_kernel::fail("pack_untilize_dest_init: only 32x32 tiles (4 faces of 16 rows)");
  }
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, ocb);
}

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool narrow_row = false,
          uint32_t row_num_datums = TILE_C_DIM>
ALWI void pack_untilize_init(uint32_t icb, uint32_t ocb) {
  pack_untilize_dest_init<block_ct_dim, full_ct_dim, narrow_row, row_num_datums>(ocb);
  untilize_init(icb, ocb);
}

// Tiles 0..block_ct_dim-1 at the front of icb; one row of tiles per call.
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool narrow_row = false,
          uint32_t row_num_datums = TILE_C_DIM>
ALWI void pack_untilize_block(uint32_t icb, uint32_t block_rt_dim, uint32_t ocb,
                              uint32_t block_c_index = 0) {
  if (block_rt_dim != 1) {
    tessera_kernel::fail("pack_untilize_block: only one row of tiles per call is supported");
  }
  tessera_kernel::compute_call(TESSERA_COMPUTE_PACK_UNTILIZE, icb, 0u, block_ct_dim, full_ct_dim,
                               block_c_index, ocb, 0u);
}

// Dst tiles (r * block_ct_dim + c from tile_dst_rt_offset) instead of CB tiles:
// block_rt_dim bands of 32 rows.
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool diagonal = false,
          bool narrow_row = false, uint32_t row_num_datums = TILE_C_DIM,
          uint32_t tile_dst_ct_offset = 0, bool dense = false>
ALWI void pack_untilize_dest(uint32_t ocb, uint32_t block_rt_dim = 1, uint32_t block_c_index = 0,
                             uint32_t face_r_dim = 16, uint32_t num_faces = 4,
                             uint32_t tile_dst_rt_offset = 0) {
  static_assert(!diagonal && !narrow_row && row_num_datums == TILE_C_DIM && !dense,
                "pack_untilize_dest: diagonal, narrow and dense packing are not supported");
  if (face_r_dim != 16 || num_faces != 4) {
    tessera_kernel::fail("pack_untilize_dest: only 32x32 tiles (4 faces of 16 rows)");
  }
  tessera_kernel::compute_call(TESSERA_COMPUTE_PACK_UNTILIZE_DEST,
                               tile_dst_ct_offset + tile_dst_rt_offset, block_ct_dim, full_ct_dim,
                               block_c_index, ocb, block_rt_dim);
}

ALWI void pack_untilize_uninit(uint32_t ocb) {
  (void)ocb;
}

}  // namespace ckernel

// The compiler's experimental::pack_untilize_block<cols_per_pass, total_cols>
// (icb, ocb, row_tiles, col_tiles); see api/compute/tilize.h for why the
// include guard is defined here.
#define TTMLIR_TARGET_TTKERNEL_LLKS_EXPERIMENTAL_PACK_UNTILIZE_LLKS_H
namespace experimental {

// block_row_tiles x block_col_tiles tiles at the front of icb become
// block_row_tiles bands of 32 rows, total_col_tiles tiles wide, at the back
// of ocb, cols_per_dst_pass tiles at a time.
template <uint32_t cols_per_dst_pass, uint32_t total_col_tiles>
ALWI void pack_untilize_block(uint32_t icb, uint32_t ocb, uint32_t block_row_tiles,
                              uint32_t block_col_tiles) {
  static_assert(cols_per_dst_pass >= 1 && total_col_tiles % cols_per_dst_pass == 0,
                "pack_untilize_block: total_col_tiles must be a multiple of cols_per_dst_pass");
  const uint32_t passes = block_col_tiles / cols_per_dst_pass;
  for (uint32_t r = 0; r < block_row_tiles; ++r) {
    for (uint32_t b = 0; b < passes; ++b) {
      tessera_kernel::compute_call(TESSERA_COMPUTE_PACK_UNTILIZE, icb,
                                   r * block_col_tiles + b * cols_per_dst_pass, cols_per_dst_pass,
                                   total_col_tiles, b, ocb, r);
    }
  }
}

}  // namespace experimental
