// C block of one core = A block x B block, walked along K in blocks of
// IN0_BLOCK_W tiles (tt-metal's bmm_large_block_zm): CB 0 holds an
// A block (per_core_M x in0_block_w tiles, row-major), CB 1 a B block
// (in0_block_w x per_core_N). Output goes out in subblocks of
// out_subblock_h x out_subblock_w tiles to CB 16; between K blocks the
// partial sums spill to CB 24 and are reloaded into Dst.
//
// Compile-time args: in0_block_w, in0_num_subblocks, in0_subblock_num_tiles,
// in1_num_subblocks, in1_per_core_w, num_blocks, out_subblock_h,
// out_subblock_w.
#include "api/compute/cb_api.h"
#include "api/compute/matmul.h"
#include "api/compute/pack.h"
#include "api/compute/reg_api.h"
#include "api/compute/tile_move_copy.h"

void kernel_main() {
  constexpr uint32_t in0_block_w = get_compile_time_arg_val(0);
  constexpr uint32_t in0_num_subblocks = get_compile_time_arg_val(1);
  constexpr uint32_t in0_subblock_num_tiles = get_compile_time_arg_val(2);
  constexpr uint32_t in1_num_subblocks = get_compile_time_arg_val(3);
  constexpr uint32_t in1_per_core_w = get_compile_time_arg_val(4);
  constexpr uint32_t num_blocks = get_compile_time_arg_val(5);
  constexpr uint32_t out_subblock_h = get_compile_time_arg_val(6);
  constexpr uint32_t out_subblock_w = get_compile_time_arg_val(7);
  constexpr uint32_t out_subblock_num_tiles = out_subblock_h * out_subblock_w;
  constexpr uint32_t in0_block_num_tiles = in0_subblock_num_tiles * in0_num_subblocks;
  constexpr uint32_t in1_block_num_tiles = in0_block_w * in1_per_core_w;
  constexpr uint32_t in0 = 0, in1 = 1, out = 16, partials = 24;

  mm_init(in0, in1, out);
  for (uint32_t block = 0; block < num_blocks; ++block) {
    const bool last = block == num_blocks - 1;
    cb_wait_front(in0, in0_block_num_tiles);
    cb_wait_front(in1, in1_block_num_tiles);
    for (uint32_t sub_h = 0; sub_h < in0_num_subblocks; ++sub_h) {
      const uint32_t in0_offset = sub_h * in0_subblock_num_tiles;
      for (uint32_t sub_w = 0; sub_w < in1_num_subblocks; ++sub_w) {
        const uint32_t in1_offset = sub_w * out_subblock_w;
        tile_regs_acquire();
        if (block > 0) {
          copy_tile_to_dst_init_short(partials);
          cb_wait_front(partials, out_subblock_num_tiles);
          for (uint32_t i = 0; i < out_subblock_num_tiles; ++i) copy_tile(partials, i, i);
          cb_pop_front(partials, out_subblock_num_tiles);
          mm_init_short(in0, in1);
        }
        for (uint32_t h = 0; h < out_subblock_h; ++h) {
          for (uint32_t w = 0; w < out_subblock_w; ++w) {
            for (uint32_t k = 0; k < in0_block_w; ++k) {
              matmul_tiles(in0, in1, in0_offset + h * in0_block_w + k,
                           in1_offset + k * in1_per_core_w + w, h * out_subblock_w + w, false);
            }
          }
        }
        tile_regs_commit();
        tile_regs_wait();
        const uint32_t target = last ? out : partials;
        cb_reserve_back(target, out_subblock_num_tiles);
        for (uint32_t i = 0; i < out_subblock_num_tiles; ++i) pack_tile(i, target);
        cb_push_back(target, out_subblock_num_tiles);
        tile_regs_release();
      }
    }
    cb_pop_front(in0, in0_block_num_tiles);
    cb_pop_front(in1, in1_block_num_tiles);
  }
}
