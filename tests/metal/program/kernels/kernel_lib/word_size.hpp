// Included by word_math.hpp by its path from the kernel's directory, as
// TTNN's kernel_lib headers include each other from tt-metal's root.
#pragma once

namespace kernel_lib {
constexpr uint32_t kWordBytes = 4;
}  // namespace kernel_lib
