// Multiplies every 32-bit word of pages [0, count) of an interleaved DRAM
// buffer by FACTOR, in place, with helpers from headers beside the kernel
// (as tt-metal's TTNN kernels include kernel_lib/*.hpp).
#include "kernel_lib/page_loop.hpp"

void kernel_main() {
  const uint32_t buffer = get_arg_val<uint32_t>(0);
  const uint32_t count = get_arg_val<uint32_t>(1);
  for_each_page<get_compile_time_arg_val(0)>(buffer, count, [](uint32_t* words, uint32_t n) {
    for (uint32_t i = 0; i < n; ++i) words[i] = kernel_lib::scaled(words[i]);
  });
}
