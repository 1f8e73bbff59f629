// --golden-diff-topk K: the K elements of an output farthest from their
// golden, with their indices, to see where a result goes wrong.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace tessera::tools::run {

struct ElementDiff {
  std::vector<int64_t> index;  // row-major position in the tensor's shape
  double actual = 0;
  double expected = 0;
  double abs_error = 0;  // infinity where exactly one side is finite or NaN
};

// The `k` largest |actual - expected|, largest first (ties: lower position first).
std::vector<ElementDiff> worst_elements(std::span<const double> actual,
                                        std::span<const double> expected,
                                        std::span<const int64_t> shape, uint32_t k);

}  // namespace tessera::tools::run
