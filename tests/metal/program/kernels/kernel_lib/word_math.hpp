// Included by page_loop.hpp from its own directory.
#pragma once

#include "kernel_lib/word_size.hpp"

namespace kernel_lib {
inline uint32_t scaled(uint32_t word) {
  return word * FACTOR;
}
}  // namespace kernel_lib
