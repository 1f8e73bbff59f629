// Reads tiles [first, first + count) of two interleaved DRAM buffers into
// CB 0 and CB 1, up to BLOCK (compile-time arg 0) tiles per push. Tile
// sizes and formats are the CBs'.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t a = get_arg_val<uint32_t>(0);
  const uint32_t b = get_arg_val<uint32_t>(1);
  const uint32_t first = get_arg_val<uint32_t>(2);
  const uint32_t count = get_arg_val<uint32_t>(3);
  constexpr uint32_t block = get_compile_time_arg_val(0);
  const uint32_t tile_a = get_tile_size(0), tile_b = get_tile_size(1);
  const InterleavedAddrGenFast<true> in_a{a, tile_a, get_dataformat(0)};
  const InterleavedAddrGenFast<true> in_b{b, tile_b, get_dataformat(1)};
  for (uint32_t done = 0; done < count;) {
    const uint32_t n = count - done < block ? count - done : block;
    cb_reserve_back(0, n);
    cb_reserve_back(1, n);
    const uint32_t l1_a = get_write_ptr(0), l1_b = get_write_ptr(1);
    for (uint32_t i = 0; i < n; ++i) {
      noc_async_read_tile(first + done + i, in_a, l1_a + i * tile_a);
      noc_async_read_tile(first + done + i, in_b, l1_b + i * tile_b);
    }
    noc_async_read_barrier();
    cb_push_back(0, n);
    cb_push_back(1, n);
    done += n;
  }
}
