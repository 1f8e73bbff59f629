// The A (in0) side of the multi-core matmul (tt-metal's reuse-mcast
// matmul). Cores in the grid's left column are senders (IN0_SENDER
// defined): each K block they read the A block of their row from DRAM
// into CB 0 and multicast it to the rest of the row. The other cores are
// receivers: they reserve CB 0 space, tell the sender they are ready, and
// wait until the sender flags the block as delivered.
//
// Handshake per block, with two semaphores on every core:
//   receiver: own "delivered" := 0, then sender's "ready" += 1
//   sender:   wait "ready" == receivers, "ready" := 0, multicast the block,
//             then multicast its "delivered" word (1) to the receivers.
//
// Compile-time args: per_core_M, in0_block_w, num_blocks, ready semaphore
// id, delivered semaphore id.
// Sender runtime args: in0 address, first A tile, A row stride (Kt),
//   multicast rectangle (NoC start x, y, end x, y), receiver count.
// Receiver runtime args: sender NoC x, y.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  constexpr uint32_t per_core_M = get_compile_time_arg_val(0);
  constexpr uint32_t in0_block_w = get_compile_time_arg_val(1);
  constexpr uint32_t num_blocks = get_compile_time_arg_val(2);
  constexpr uint32_t block_tiles = per_core_M * in0_block_w;
  const uint32_t ready_addr = get_semaphore(get_compile_time_arg_val(3));
  const uint32_t delivered_addr = get_semaphore(get_compile_time_arg_val(4));
  volatile uint32_t* delivered = reinterpret_cast<volatile uint32_t*>(delivered_addr);
#ifdef IN0_SENDER
  const uint32_t in0_addr = get_arg_val<uint32_t>(0);
  const uint32_t in0_start = get_arg_val<uint32_t>(1);
  const uint32_t in0_stride = get_arg_val<uint32_t>(2);
  const uint32_t mcast_x0 = get_arg_val<uint32_t>(3), mcast_y0 = get_arg_val<uint32_t>(4);
  const uint32_t mcast_x1 = get_arg_val<uint32_t>(5), mcast_y1 = get_arg_val<uint32_t>(6);
  const uint32_t receivers = get_arg_val<uint32_t>(7);
  const uint32_t tile = get_tile_size(0);
  const InterleavedAddrGenFast<true> in0{in0_addr, tile, get_dataformat(0)};
  *delivered = 1;  // the word multicast to receivers
  const uint64_t delivered_mcast =
      get_noc_multicast_addr(mcast_x0, mcast_y0, mcast_x1, mcast_y1, delivered_addr);
  for (uint32_t block = 0; block < num_blocks; ++block) {
    cb_reserve_back(0, block_tiles);
    const uint32_t start = get_write_ptr(0);
    uint32_t l1 = start;
    for (uint32_t h = 0; h < per_core_M; ++h) {
      for (uint32_t w = 0; w < in0_block_w; ++w, l1 += tile) {
        noc_async_read_tile(in0_start + h * in0_stride + block * in0_block_w + w, in0, l1);
      }
    }
    noc_async_read_barrier();
    if (receivers > 0) {
      volatile uint32_t* ready = reinterpret_cast<volatile uint32_t*>(ready_addr);
      noc_semaphore_wait(ready, receivers);
      noc_semaphore_set(ready, 0);
      // Linked, as tt-metal's matmul readers do: the flag below takes the
      // data's reserved path. Receivers' CB 0 write pointers move in step with ours: same address.
      noc_async_write_multicast(
          start, get_noc_multicast_addr(mcast_x0, mcast_y0, mcast_x1, mcast_y1, start),
          block_tiles * tile, receivers, /*linked=*/true);
      noc_semaphore_set_multicast(delivered_addr, delivered_mcast, receivers);
    }
    cb_push_back(0, block_tiles);
  }
#else
  const uint32_t sender_x = get_arg_val<uint32_t>(0), sender_y = get_arg_val<uint32_t>(1);
  const uint64_t sender_ready = get_noc_addr(sender_x, sender_y, ready_addr);
  for (uint32_t block = 0; block < num_blocks; ++block) {
    cb_reserve_back(0, block_tiles);
    noc_semaphore_set(delivered, 0);
    noc_semaphore_inc(sender_ready, 1);
    noc_semaphore_wait(delivered, 1);
    cb_push_back(0, block_tiles);
  }
#endif
}
