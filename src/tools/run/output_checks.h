// Checks of a program's outputs other than goldens, as the compiler's run
// tool has them: --identity (each output equals the input of its index, for
// programs that should pass data through) and --non-zero (no output is all
// zeros, which a kernel that never wrote its output leaves).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "golden_compare.h"
#include "tessera/runtime/tensor_info.h"

namespace tessera::tools::run {

// One check of one output (or of the whole program when output is -1).
struct ExtraCheck {
  std::string check;  // "identity", "non_zero", "memory_leak"
  int64_t output = -1;
  bool passed = true;
  std::string detail;
};

// Output `index` against input `index` with allclose always enforced.
ExtraCheck identity_check(uint32_t index, const runtime::TensorInfo& output,
                          std::span<const double> output_values, const runtime::TensorInfo* input,
                          std::span<const double> input_values, Tolerances tolerances);

ExtraCheck non_zero_check(uint32_t index, std::span<const double> output_values);

// --check-memory-leak: the buffers a program left live, if any.
ExtraCheck memory_leak_check(const std::vector<std::string>& leaks);

}  // namespace tessera::tools::run
