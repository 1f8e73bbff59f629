// tilize_block: 32 row-major rows at the front of icb (from page
// input_tile_index) become `block` tiles at the back of ocb (from tile
// output_tile_index). No CB waits or pushes: the kernel does those.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void tilize_init(uint32_t icb, uint32_t block, uint32_t ocb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb, block, ocb);
}
ALWI void tilize_init_short(uint32_t icb, uint32_t block, uint32_t ocb = 16) {
  tilize_init(icb, block, ocb);
}
ALWI void tilize_init_short_with_dt(uint32_t old_icb, uint32_t new_icb, uint32_t block,
                                    uint32_t ocb) {
  (void)old_icb;
  tilize_init(new_icb, block, ocb);
}
ALWI void tilize_block(uint32_t icb, uint32_t block, uint32_t ocb, uint32_t input_tile_index = 0,
                       uint32_t output_tile_index = 0) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_TILIZE_BLOCK, icb, block, ocb, input_tile_index,
                               output_tile_index);
}
ALWI void tilize_uninit(uint32_t icb = 0, uint32_t ocb = 16) {
  (void)icb;
  (void)ocb;
}
ALWI void tilize_uninit_with_dt(uint32_t old_icb, uint32_t new_icb, uint32_t ocb) {
  (void)old_icb;
  (void)new_icb;
  (void)ocb;
}

// The fast forms tile the same data with other hardware paths.
ALWI void fast_tilize_init(uint32_t icb, uint32_t full_dim, uint32_t ocb) {
  tilize_init(icb, full_dim, ocb);
}
ALWI void fast_tilize_init_with_dt(uint32_t icb, uint32_t full_dim, uint32_t ocb) {
  tilize_init(icb, full_dim, ocb);
}
ALWI void fast_tilize_block(uint32_t icb, uint32_t block, uint32_t ocb,
                            uint32_t input_tile_index = 0, uint32_t output_tile_index = 0) {
  tilize_block(icb, block, ocb, input_tile_index, output_tile_index);
}
ALWI void fast_tilize_uninit(uint32_t icb, uint32_t ocb) {
  tilize_uninit(icb, ocb);
}

}  // namespace ckernel

// The compiler's kernels call experimental::tilize_block(icb, ocb, rows,
// cols) (block_r x block_c tiles) and paste its definition, written for
// the device's LLK layer, after their includes, inside this include guard:
// defining the guard here makes the kernel use this definition.
#define TTMLIR_TARGET_TTKERNEL_LLKS_EXPERIMENTAL_TILIZE_LLKS_H
namespace experimental {

// block_r bands of 32 rows, each block_c tiles wide, become block_r x block_c
// tiles at the packer's next positions in ocb.
ALWI void tilize_block(uint32_t icb, uint32_t ocb, uint32_t block_r, uint32_t block_c) {
  for (uint32_t r = 0; r < block_r; ++r) {
    tessera_kernel::compute_call(TESSERA_COMPUTE_TILIZE_BLOCK, icb, block_c, ocb, r * block_c,
                                 0xffffffffu);
  }
}

}  // namespace experimental
