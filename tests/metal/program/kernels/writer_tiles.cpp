// Writes CB 16 to tiles [first, first + count) of an interleaved DRAM
// buffer, up to BLOCK (compile-time arg 0) tiles per wait.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0);
  const uint32_t first = get_arg_val<uint32_t>(1);
  const uint32_t count = get_arg_val<uint32_t>(2);
  constexpr uint32_t block = get_compile_time_arg_val(0);
  const uint32_t tile = get_tile_size(16);
  const InterleavedAddrGenFast<true> out{dst, tile, get_dataformat(16)};
  for (uint32_t done = 0; done < count;) {
    const uint32_t n = count - done < block ? count - done : block;
    cb_wait_front(16, n);
    const uint32_t l1 = get_read_ptr(16);
    for (uint32_t i = 0; i < n; ++i) noc_async_write_tile(first + done + i, out, l1 + i * tile);
    noc_async_write_barrier();
    cb_pop_front(16, n);
    done += n;
  }
}
