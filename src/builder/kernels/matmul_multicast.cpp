// Multi-core matmul dataflow (SUMMA-style gather): core (y, x) holds block
// (y, x) of in0 and of in1. It multicasts its in0 block along its grid row
// into slot x of every row core's in0 panel, and its in1 block down its grid
// column into slot y of every column core's in1 panel, then bumps the
// panel semaphores of those cores. Once all blocks have arrived the panels
// go to compute.
// Common runtime args: in0 shard, in0 panel, in0 block bytes, in1 shard,
// in1 panel, in1 block bytes, grid height, grid width, in0 panel pages, in1
// panel pages, then the ids of the in0 and in1 arrival semaphores.
// Per-core runtime args: this core's (y, x), row multicast rectangle
// (x0, y0, x1, y1), column multicast rectangle (x0, y0, x1, y1), then the NoC
// (x, y) of the row's cores and of the column's cores.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t in0_shard = get_common_arg_val<uint32_t>(0);
  const uint32_t in0_panel = get_common_arg_val<uint32_t>(1);
  const uint32_t in0_block = get_common_arg_val<uint32_t>(2);
  const uint32_t in1_shard = get_common_arg_val<uint32_t>(3);
  const uint32_t in1_panel = get_common_arg_val<uint32_t>(4);
  const uint32_t in1_block = get_common_arg_val<uint32_t>(5);
  const uint32_t grid_y = get_common_arg_val<uint32_t>(6);
  const uint32_t grid_x = get_common_arg_val<uint32_t>(7);
  const uint32_t grid_row = get_arg_val<uint32_t>(0);
  const uint32_t grid_col = get_arg_val<uint32_t>(1);

  const uint32_t in0_slot = in0_panel + grid_col * in0_block;
  noc_async_write_multicast_loopback_src(
      in0_shard,
      get_noc_multicast_addr(get_arg_val<uint32_t>(2), get_arg_val<uint32_t>(3),
                             get_arg_val<uint32_t>(4), get_arg_val<uint32_t>(5), in0_slot),
      in0_block, grid_x);
  const uint32_t in1_slot = in1_panel + grid_row * in1_block;
  noc_async_write_multicast_loopback_src(
      in1_shard,
      get_noc_multicast_addr(get_arg_val<uint32_t>(6), get_arg_val<uint32_t>(7),
                             get_arg_val<uint32_t>(8), get_arg_val<uint32_t>(9), in1_slot),
      in1_block, grid_y);
  noc_async_write_barrier();

  // Tell every receiver one more block has landed.
  const uint32_t in0_arrived = get_semaphore(get_common_arg_val<uint32_t>(10));
  const uint32_t in1_arrived = get_semaphore(get_common_arg_val<uint32_t>(11));
  for (uint32_t i = 0; i < grid_x; ++i) {
    noc_semaphore_inc(get_noc_addr(get_arg_val<uint32_t>(10 + 2 * i),
                                   get_arg_val<uint32_t>(11 + 2 * i), in0_arrived),
                      1);
  }
  for (uint32_t i = 0; i < grid_y; ++i) {
    noc_semaphore_inc(get_noc_addr(get_arg_val<uint32_t>(10 + 2 * grid_x + 2 * i),
                                   get_arg_val<uint32_t>(11 + 2 * grid_x + 2 * i), in1_arrived),
                      1);
  }
  noc_async_atomic_barrier();

  noc_semaphore_wait(reinterpret_cast<volatile uint32_t*>(in0_arrived), grid_x);
  noc_semaphore_wait(reinterpret_cast<volatile uint32_t*>(in1_arrived), grid_y);
  const uint32_t in0_pages = get_common_arg_val<uint32_t>(8);
  const uint32_t in1_pages = get_common_arg_val<uint32_t>(9);
  cb_reserve_back(tt::CB::c_in0, in0_pages);
  cb_push_back(tt::CB::c_in0, in0_pages);
  cb_reserve_back(tt::CB::c_in1, in1_pages);
  cb_push_back(tt::CB::c_in1, in1_pages);
}
