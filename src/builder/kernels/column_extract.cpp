// Writer for row reductions: each page of the rows CB is 32 untilized rows
// whose column 0 holds the results. The values are packed in place at the
// output's row stride (each output row is its own aligned page), then one
// NoC write copies the 32 output rows into the output shard.
// Common runtime args: output shard address, tile rows, element bytes,
// output row stride.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t output = get_common_arg_val<uint32_t>(0);
  const uint32_t tile_rows = get_common_arg_val<uint32_t>(1);
  const uint32_t element = get_common_arg_val<uint32_t>(2);
  const uint32_t stride = get_common_arg_val<uint32_t>(3);
  constexpr uint32_t rows = tt::CB::c_intermed1;
  for (uint32_t block = 0; block < tile_rows; ++block) {
    cb_wait_front(rows, 1);
    const uint32_t page_address = get_read_ptr(rows);
    volatile uint8_t* page = reinterpret_cast<volatile uint8_t*>(page_address);
    // Row r's value moves from r * 32 * element down to r * stride (never up).
    for (uint32_t r = 0; r < 32; ++r) {
      for (uint32_t b = 0; b < element; ++b) page[r * stride + b] = page[r * 32 * element + b];
    }
    noc_async_write(page_address, get_noc_addr(output + block * 32 * stride), 32 * stride);
    noc_async_write_barrier();
    cb_pop_front(rows, 1);
  }
}
