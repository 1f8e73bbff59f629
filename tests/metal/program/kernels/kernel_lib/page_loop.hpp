// Read, change and write back each page of an interleaved DRAM buffer
// through CB 0.
#pragma once

#include "word_math.hpp"

template <uint32_t page_size, typename Change>
void for_each_page(uint32_t buffer, uint32_t count, Change change) {
  const InterleavedAddrGen<true> pages{buffer, page_size};
  cb_reserve_back(0, 1);
  uint32_t* words = reinterpret_cast<uint32_t*>(get_write_ptr(0));
  for (uint32_t page = 0; page < count; ++page) {
    noc_async_read_page(page, pages, get_write_ptr(0));
    noc_async_read_barrier();
    change(words, page_size / kernel_lib::kWordBytes);
    noc_async_write_page(page, pages, get_write_ptr(0));
    noc_async_write_barrier();
  }
}
