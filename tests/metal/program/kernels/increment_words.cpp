// Adds INCREMENT (a define) to every 32-bit word of pages [0, count) of an
// interleaved DRAM buffer, in place, through CB 0.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t buffer = get_arg_val<uint32_t>(0);
  const uint32_t count = get_arg_val<uint32_t>(1);
  constexpr uint32_t page_size = get_compile_time_arg_val(0);
  const InterleavedAddrGen<true> pages{buffer, page_size};
  cb_reserve_back(0, 1);
  uint32_t* words = reinterpret_cast<uint32_t*>(get_write_ptr(0));
  for (uint32_t page = 0; page < count; ++page) {
    noc_async_read_page(page, pages, get_write_ptr(0));
    noc_async_read_barrier();
    for (uint32_t i = 0; i < page_size / 4; ++i) words[i] += INCREMENT;
    noc_async_write_page(page, pages, get_write_ptr(0), page_size);
    noc_async_write_barrier();
  }
}
