// The B (in1) side of the multi-core matmul, plus the output writer
// (tt-metal puts both on the same RISC). Cores in the grid's top row are
// senders (IN1_SENDER defined): each K block they read the B block of
// their column from DRAM into CB 1 and multicast it down the column; the
// others receive it. The handshake is matmul_in0_mcast.cpp's.
//
// After the last block, the core's C block leaves CB 16 subblock by
// subblock for DRAM.
//
// Compile-time args: in0_block_w, per_core_N, num_blocks, ready semaphore
// id, delivered semaphore id, out_subblock_h, out_subblock_w,
// num_subblocks_h, num_subblocks_w.
// Runtime args: out address, first C tile, C row stride (Nt), then
//   sender: in1 address, first B tile, B row stride (Nt), multicast
//           rectangle (NoC start x, y, end x, y), receiver count;
//   receiver: sender NoC x, y.
#include "api/dataflow/dataflow_api.h"

void write_output(uint32_t out_addr, uint32_t out_start, uint32_t out_stride) {
  constexpr uint32_t sub_h = get_compile_time_arg_val(5);
  constexpr uint32_t sub_w = get_compile_time_arg_val(6);
  constexpr uint32_t num_sub_h = get_compile_time_arg_val(7);
  constexpr uint32_t num_sub_w = get_compile_time_arg_val(8);
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

void kernel_main() {
  constexpr uint32_t in0_block_w = get_compile_time_arg_val(0);
  constexpr uint32_t per_core_N = get_compile_time_arg_val(1);
  constexpr uint32_t num_blocks = get_compile_time_arg_val(2);
  constexpr uint32_t block_tiles = in0_block_w * per_core_N;
  const uint32_t ready_addr = get_semaphore(get_compile_time_arg_val(3));
  const uint32_t delivered_addr = get_semaphore(get_compile_time_arg_val(4));
  volatile uint32_t* delivered = reinterpret_cast<volatile uint32_t*>(delivered_addr);
  const uint32_t out_addr = get_arg_val<uint32_t>(0);
  const uint32_t out_start = get_arg_val<uint32_t>(1);
  const uint32_t out_stride = get_arg_val<uint32_t>(2);
#ifdef IN1_SENDER
  const uint32_t in1_addr = get_arg_val<uint32_t>(3);
  const uint32_t in1_start = get_arg_val<uint32_t>(4);
  const uint32_t in1_stride = get_arg_val<uint32_t>(5);
  const uint32_t mcast_x0 = get_arg_val<uint32_t>(6), mcast_y0 = get_arg_val<uint32_t>(7);
  const uint32_t mcast_x1 = get_arg_val<uint32_t>(8), mcast_y1 = get_arg_val<uint32_t>(9);
  const uint32_t receivers = get_arg_val<uint32_t>(10);
  const uint32_t tile = get_tile_size(1);
  const InterleavedAddrGenFast<true> in1{in1_addr, tile, get_dataformat(1)};
  *delivered = 1;  // the word multicast to receivers
  const uint64_t delivered_mcast =
      get_noc_multicast_addr(mcast_x0, mcast_y0, mcast_x1, mcast_y1, delivered_addr);
  for (uint32_t block = 0; block < num_blocks; ++block) {
    cb_reserve_back(1, block_tiles);
    const uint32_t start = get_write_ptr(1);
    uint32_t l1 = start;
    for (uint32_t h = 0; h < in0_block_w; ++h) {
      for (uint32_t w = 0; w < per_core_N; ++w, l1 += tile) {
        noc_async_read_tile(in1_start + (block * in0_block_w + h) * in1_stride + w, in1, l1);
      }
    }
    noc_async_read_barrier();
    if (receivers > 0) {
      volatile uint32_t* ready = reinterpret_cast<volatile uint32_t*>(ready_addr);
      noc_semaphore_wait(ready, receivers);
      noc_semaphore_set(ready, 0);
      // Linked, as tt-metal's matmul readers do: the flag below takes the
      // data's reserved path. Receivers' CB 1 write pointers move in step with ours: same address.
      noc_async_write_multicast(
          start, get_noc_multicast_addr(mcast_x0, mcast_y0, mcast_x1, mcast_y1, start),
          block_tiles * tile, receivers, /*linked=*/true);
      noc_semaphore_set_multicast(delivered_addr, delivered_mcast, receivers);
    }
    cb_push_back(1, block_tiles);
  }
#else
  const uint32_t sender_x = get_arg_val<uint32_t>(3), sender_y = get_arg_val<uint32_t>(4);
  const uint64_t sender_ready = get_noc_addr(sender_x, sender_y, ready_addr);
  for (uint32_t block = 0; block < num_blocks; ++block) {
    cb_reserve_back(1, block_tiles);
    noc_semaphore_set(delivered, 0);
    noc_semaphore_inc(sender_ready, 1);
    noc_semaphore_wait(delivered, 1);
    cb_push_back(1, block_tiles);
  }
#endif
  write_output(out_addr, out_start, out_stride);
}
