// Relayout between core grids: this core gathers the tiles of its new shard
// from wherever they sit in the old grid, straight into its output shard.
// Common runtime args: output shard address, tile bytes, input shard address
// (the same on every core of the old grid).
// Per-core runtime args: tile count, then (noc x, noc y, byte offset in the
// source shard) per tile.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t destination = get_common_arg_val<uint32_t>(0);
  const uint32_t tile_bytes = get_common_arg_val<uint32_t>(1);
  const uint32_t sources = get_common_arg_val<uint32_t>(2);
  const uint32_t tiles = get_arg_val<uint32_t>(0);
  for (uint32_t t = 0; t < tiles; ++t) {
    const uint32_t x = get_arg_val<uint32_t>(1 + 3 * t);
    const uint32_t y = get_arg_val<uint32_t>(2 + 3 * t);
    const uint32_t source = sources + get_arg_val<uint32_t>(3 + 3 * t);
    noc_async_read(get_noc_addr(x, y, source), destination + t * tile_bytes, tile_bytes);
  }
  noc_async_read_barrier();
}
