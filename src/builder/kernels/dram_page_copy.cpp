// Moves pieces of interleaved DRAM pages to or from this core's L1 shard:
// DRAM -> L1 when TO_L1 is defined, else L1 -> DRAM. A piece is part of one
// DRAM page (a row, or a tile) and a contiguous run of the shard.
// Common runtime args: DRAM buffer address, DRAM page size, L1 shard address.
// Per-core runtime args: piece count, then (page, byte offset in the page,
// bytes, byte offset in the shard) per piece.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const InterleavedAddrGen<true> dram{get_common_arg_val<uint32_t>(0),
                                      get_common_arg_val<uint32_t>(1)};
  const uint32_t shard = get_common_arg_val<uint32_t>(2);
  const uint32_t pieces = get_arg_val<uint32_t>(0);
  for (uint32_t i = 0; i < pieces; ++i) {
    const uint32_t page = get_arg_val<uint32_t>(1 + 4 * i);
    const uint32_t offset = get_arg_val<uint32_t>(2 + 4 * i);
    const uint32_t bytes = get_arg_val<uint32_t>(3 + 4 * i);
    const uint32_t local = shard + get_arg_val<uint32_t>(4 + 4 * i);
#ifdef TO_L1
    noc_async_read(get_noc_addr(page, dram, offset), local, bytes);
#else
    noc_async_write(local, get_noc_addr(page, dram, offset), bytes);
#endif
  }
#ifdef TO_L1
  noc_async_read_barrier();
#else
  noc_async_write_barrier();
#endif
}
