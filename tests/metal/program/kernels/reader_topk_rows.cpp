// In the style of TTNN's topk reader: per row of tiles, each value tile
// comes from DRAM and beside it an index tile the reader writes itself, a
// UInt16 tile whose element (r, c) is the column w * 32 + c it labels.
// Compile-time args: values CB, indices CB, Ht, Wt. Runtime arg: address.
#include <stdint.h>

#include "api/dataflow/dataflow_api.h"

// One index tile in tile order: four 16x16 faces.
void write_index_tile(uint32_t cb, uint32_t w) {
  cb_reserve_back(cb, 1);
  volatile tt_l1_ptr uint16_t* out =
      reinterpret_cast<volatile tt_l1_ptr uint16_t*>(get_write_ptr(cb));
  for (uint32_t face = 0; face < 4; ++face) {
    const uint32_t first_column = (face & 1) * 16;
    for (uint32_t row = 0; row < 16; ++row) {
      for (uint32_t col = 0; col < 16; ++col) {
        *out++ = static_cast<uint16_t>(w * 32 + first_column + col);
      }
    }
  }
  cb_push_back(cb, 1);
}

void kernel_main() {
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  constexpr uint32_t cb_values = get_compile_time_arg_val(0);
  constexpr uint32_t cb_indices = get_compile_time_arg_val(1);
  constexpr uint32_t Ht = get_compile_time_arg_val(2);
  constexpr uint32_t Wt = get_compile_time_arg_val(3);
  const InterleavedAddrGenFast<true> src = {.bank_base_address = src_addr,
                                            .page_size = get_tile_size(cb_values),
                                            .data_format = get_dataformat(cb_values)};
  uint32_t tile = 0;
  for (uint32_t h = 0; h < Ht; ++h) {
    for (uint32_t w = 0; w < Wt; ++w) {
      cb_reserve_back(cb_values, 1);
      noc_async_read_tile(tile++, src, get_write_ptr(cb_values));
      noc_async_read_barrier();
      cb_push_back(cb_values, 1);
      write_index_tile(cb_indices, w);
    }
  }
}
