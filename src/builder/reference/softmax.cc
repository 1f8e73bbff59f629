// Softmax along one dimension (max-subtracted, so large inputs stay finite).
#include <cmath>
#include <limits>

#include "reference_ops.h"

namespace tessera::builder::reference {

Result<RefTensor> softmax(const RefTensor& in, int32_t dimension) {
  TESSERA_ASSIGN_OR_RETURN(int64_t dim, normalize_dim(dimension, in.shape.size()));
  int64_t length = in.shape[static_cast<size_t>(dim)];
  int64_t inner = 1;
  for (size_t d = static_cast<size_t>(dim) + 1; d < in.shape.size(); ++d) inner *= in.shape[d];
  int64_t outer = length == 0 ? 0 : element_count(in.shape) / (length * inner);
  RefTensor out{in.shape, in.values};
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      auto at = [&](int64_t k) -> double& {
        return out.values[static_cast<size_t>((o * length + k) * inner + i)];
      };
      double max = -std::numeric_limits<double>::infinity();
      for (int64_t k = 0; k < length; ++k) max = std::max(max, at(k));
      double sum = 0;
      for (int64_t k = 0; k < length; ++k) sum += (at(k) = std::exp(at(k) - max));
      for (int64_t k = 0; k < length; ++k) at(k) /= sum;
    }
  }
  return out;
}

}  // namespace tessera::builder::reference
