// Writes CB pages to interleaved DRAM buffers, one page per wait. Runtime
// args: the number of groups, then per group: buffer address, first tile,
// tile count, CB index (page size and format are the CB's).
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t groups = get_arg_val<uint32_t>(0);
  for (uint32_t g = 0; g < groups; ++g) {
    const uint32_t address = get_arg_val<uint32_t>(1 + 4 * g);
    const uint32_t first = get_arg_val<uint32_t>(2 + 4 * g);
    const uint32_t count = get_arg_val<uint32_t>(3 + 4 * g);
    const uint32_t cb = get_arg_val<uint32_t>(4 + 4 * g);
    const InterleavedAddrGenFast<true> out{address, get_tile_size(cb), get_dataformat(cb)};
    for (uint32_t i = first; i < first + count; ++i) {
      cb_wait_front(cb, 1);
      noc_async_write_tile(i, out, get_read_ptr(cb));
      noc_async_write_barrier();
      cb_pop_front(cb, 1);
    }
  }
}
