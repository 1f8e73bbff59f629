// Single-core matmul reader: for each K block, an A block (per_core_M x
// in0_block_w tiles) into CB 0 and a B block (in0_block_w x per_core_N)
// into CB 1, both row-major, from tile-ordered interleaved DRAM matrices.
//
// Runtime args: in0 address, first A tile, A row stride (Kt), in1
// address, first B tile, B row stride (Nt).
// Compile-time args: per_core_M, per_core_N, in0_block_w, num_blocks.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t in0_addr = get_arg_val<uint32_t>(0);
  const uint32_t in0_start = get_arg_val<uint32_t>(1);
  const uint32_t in0_stride = get_arg_val<uint32_t>(2);
  const uint32_t in1_addr = get_arg_val<uint32_t>(3);
  const uint32_t in1_start = get_arg_val<uint32_t>(4);
  const uint32_t in1_stride = get_arg_val<uint32_t>(5);
  constexpr uint32_t per_core_M = get_compile_time_arg_val(0);
  constexpr uint32_t per_core_N = get_compile_time_arg_val(1);
  constexpr uint32_t in0_block_w = get_compile_time_arg_val(2);
  constexpr uint32_t num_blocks = get_compile_time_arg_val(3);
  const uint32_t tile0 = get_tile_size(0), tile1 = get_tile_size(1);
  const InterleavedAddrGenFast<true> in0{in0_addr, tile0, get_dataformat(0)};
  const InterleavedAddrGenFast<true> in1{in1_addr, tile1, get_dataformat(1)};
  for (uint32_t block = 0; block < num_blocks; ++block) {
    cb_reserve_back(0, per_core_M * in0_block_w);
    uint32_t l1 = get_write_ptr(0);
    for (uint32_t h = 0; h < per_core_M; ++h) {
      for (uint32_t w = 0; w < in0_block_w; ++w, l1 += tile0) {
        noc_async_read_tile(in0_start + h * in0_stride + block * in0_block_w + w, in0, l1);
      }
    }
    cb_reserve_back(1, in0_block_w * per_core_N);
    l1 = get_write_ptr(1);
    for (uint32_t h = 0; h < in0_block_w; ++h) {
      for (uint32_t w = 0; w < per_core_N; ++w, l1 += tile1) {
        noc_async_read_tile(in1_start + (block * in0_block_w + h) * in1_stride + w, in1, l1);
      }
    }
    noc_async_read_barrier();
    cb_push_back(0, per_core_M * in0_block_w);
    cb_push_back(1, in0_block_w * per_core_N);
  }
}
