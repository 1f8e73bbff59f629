// The compute side of the 2D multicast matmul with matmul_block: one call
// per K step multiplies a column of out_subblock_h A tiles by a row of
// out_subblock_w B tiles into the whole subblock in Dst, so the unpacker
// reads each input tile once per subblock rather than once per output tile
// (tt-metal's bmm_large_block_zm compute does the same). CB 0 holds an A
// block (per_core_M x in0_block_w tiles, row-major), CB 1 a B block
// (in0_block_w x per_core_N). Between K blocks the subblock's partial sums
// leave through CB 24; after the last block the subblock goes to CB 16.
// Either the partials come back into Dst for the next block, or (with
// packer_l1_acc, TTNN's default for bf16 and bfp8 outputs) they stay in L1
// and the packer adds each later block onto them: CBs 16 and 24 then share
// one buffer, so the last block's pack through CB 16 lands on the sums.
//
// Compile-time args: in0_block_w, in0_num_subblocks, in1_num_subblocks,
// per_core_N, num_blocks, out_subblock_h, out_subblock_w, packer_l1_acc.
#include "api/compute/cb_api.h"
#include "api/compute/matmul.h"
#include "api/compute/pack.h"
#include "api/compute/reg_api.h"
#include "api/compute/tile_move_copy.h"

namespace {

constexpr uint32_t kIn0 = 0, kIn1 = 1, kOut = 16, kPartials = 24;

// Dst := the subblock's partial sums from an earlier K block.
void reload_partials(uint32_t tiles) {
  copy_tile_to_dst_init_short(kPartials);
  cb_wait_front(kPartials, tiles);
  for (uint32_t i = 0; i < tiles; ++i) copy_tile(kPartials, i, i);
  cb_pop_front(kPartials, tiles);
}

void pack_subblock(uint32_t target, uint32_t tiles) {
  cb_reserve_back(target, tiles);
  for (uint32_t i = 0; i < tiles; ++i) pack_tile(i, target);
  cb_push_back(target, tiles);
}

// Adds Dst onto the subblock's sums in L1 (the first block packs them
// plain). The partials it adds onto are taken off CB 24 first, which keeps
// CB 24's pages in step with the packs.
void accumulate_subblock(bool first, bool last, uint32_t tiles) {
  if (!first) {
    cb_wait_front(kPartials, tiles);
    cb_pop_front(kPartials, tiles);
  }
  pack_reconfig_l1_acc(first ? 0 : 1);
  pack_subblock(last ? kOut : kPartials, tiles);
}

}  // namespace

void kernel_main() {
  constexpr uint32_t in0_block_w = get_compile_time_arg_val(0);
  constexpr uint32_t in0_num_subblocks = get_compile_time_arg_val(1);
  constexpr uint32_t in1_num_subblocks = get_compile_time_arg_val(2);
  constexpr uint32_t per_core_N = get_compile_time_arg_val(3);
  constexpr uint32_t num_blocks = get_compile_time_arg_val(4);
  constexpr uint32_t sub_h = get_compile_time_arg_val(5);
  constexpr uint32_t sub_w = get_compile_time_arg_val(6);
  constexpr bool packer_l1_acc = get_compile_time_arg_val(7) != 0;
  constexpr uint32_t sub_tiles = sub_h * sub_w;
  constexpr uint32_t in0_block_tiles = in0_num_subblocks * sub_h * in0_block_w;
  constexpr uint32_t in1_block_tiles = in0_block_w * per_core_N;

  mm_block_init(kIn0, kIn1, kOut, 0, sub_w, sub_h, in0_block_w);
  for (uint32_t block = 0; block < num_blocks; ++block) {
    const bool first = block == 0;
    const bool last = block + 1 == num_blocks;
    cb_wait_front(kIn0, in0_block_tiles);
    cb_wait_front(kIn1, in1_block_tiles);
    for (uint32_t row = 0; row < in0_num_subblocks; ++row) {
      for (uint32_t col = 0; col < in1_num_subblocks; ++col) {
        tile_regs_acquire();
        if (!first && !packer_l1_acc) {
          reload_partials(sub_tiles);
          mm_block_init_short(kIn0, kIn1, 0, sub_w, sub_h, in0_block_w);
        }
        const uint32_t a_first = row * sub_h * in0_block_w;
        const uint32_t b_first = col * sub_w;
        for (uint32_t k = 0; k < in0_block_w; ++k) {
          matmul_block(kIn0, kIn1, a_first + k, b_first + k * per_core_N, 0, 0, sub_w, sub_h,
                       in0_block_w);
        }
        tile_regs_commit();
        tile_regs_wait();
        if (packer_l1_acc) {
          accumulate_subblock(first, last, sub_tiles);
        } else {
          pack_subblock(last ? kOut : kPartials, sub_tiles);
        }
        tile_regs_release();
      }
    }
    cb_pop_front(kIn0, in0_block_tiles);
    cb_pop_front(kIn1, in1_block_tiles);
  }
  if (packer_l1_acc) pack_reconfig_l1_acc(0);
}
