// Writes a core's C block from CB 16, which the compute kernel fills
// subblock by subblock (out_subblock_h x out_subblock_w tiles, row-major
// within the subblock), to a tile-ordered interleaved DRAM matrix.
//
// Runtime args: out address, first C tile of the block, C row stride (Nt).
// Compile-time args: out_subblock_h, out_subblock_w, num_subblocks_h,
// num_subblocks_w.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t out_addr = get_arg_val<uint32_t>(0);
  const uint32_t out_start = get_arg_val<uint32_t>(1);
  const uint32_t out_stride = get_arg_val<uint32_t>(2);
  constexpr uint32_t sub_h = get_compile_time_arg_val(0);
  constexpr uint32_t sub_w = get_compile_time_arg_val(1);
  constexpr uint32_t num_sub_h = get_compile_time_arg_val(2);
  constexpr uint32_t num_sub_w = get_compile_time_arg_val(3);
  const uint32_t tile = get_tile_size(16);
  const InterleavedAddrGenFast<true> out{out_addr, tile, get_dataformat(16)};
  for (uint32_t sh = 0; sh < num_sub_h; ++sh) {
    for (uint32_t sw = 0; sw < num_sub_w; ++sw) {
      cb_wait_front(16, sub_h * sub_w);
      uint32_t l1 = get_read_ptr(16);
      for (uint32_t h = 0; h < sub_h; ++h) {
        for (uint32_t w = 0; w < sub_w; ++w, l1 += tile) {
          noc_async_write_tile(out_start + (sh * sub_h + h) * out_stride + sw * sub_w + w, out, l1);
        }
      }
      noc_async_write_barrier();
      cb_pop_front(16, sub_h * sub_w);
    }
  }
}
