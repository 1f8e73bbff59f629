// out[m][n] = sum_k in0[m][k] * in1[k][n] over tiles. The K dimension arrives
// as `blocks` blocks of `block_k` tiles; block b of in0 holds rows x block_k
// tiles and block b of in1 block_k x cols tiles, each block row-major.
// Compile args: rows (Mt), cols (Nt), block_k, blocks.
#include "api/compute/matmul.h"

namespace NAMESPACE {
void MAIN {
  constexpr uint32_t rows = get_compile_time_arg_val(0);
  constexpr uint32_t cols = get_compile_time_arg_val(1);
  constexpr uint32_t block_k = get_compile_time_arg_val(2);
  constexpr uint32_t blocks = get_compile_time_arg_val(3);
  mm_init(tt::CB::c_in0, tt::CB::c_in1, tt::CB::c_out0);
  cb_wait_front(tt::CB::c_in0, rows * block_k * blocks);
  cb_wait_front(tt::CB::c_in1, block_k * cols * blocks);
  for (uint32_t m = 0; m < rows; ++m) {
    for (uint32_t n = 0; n < cols; ++n) {
      cb_reserve_back(tt::CB::c_out0, 1);
      tile_regs_acquire();
      for (uint32_t b = 0; b < blocks; ++b) {
        for (uint32_t k = 0; k < block_k; ++k) {
          matmul_tiles(tt::CB::c_in0, tt::CB::c_in1, (b * rows + m) * block_k + k,
                       (b * block_k + k) * cols + n, 0, false);
        }
      }
      tile_regs_commit();
      tile_regs_wait();
      pack_tile(0, tt::CB::c_out0);
      tile_regs_release();
      cb_push_back(tt::CB::c_out0, 1);
    }
  }
  cb_pop_front(tt::CB::c_in0, rows * block_k * blocks);
  cb_pop_front(tt::CB::c_in1, block_k * cols * blocks);
}
}  // namespace NAMESPACE
