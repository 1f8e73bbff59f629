// Reductions (Sum / Mean / Max) over a set of dimensions.
#include <limits>

#include "reference_ops.h"

namespace tessera::builder::reference {

using tt::target::ttnn::ReductionOpType;

Result<RefTensor> reduce(ReductionOpType type, const RefTensor& in, std::span<const int32_t> dims,
                         bool keep_dim) {
  size_t rank = in.shape.size();
  std::vector<bool> reduced(rank, dims.empty());
  for (int32_t dim : dims) {
    TESSERA_ASSIGN_OR_RETURN(int64_t d, normalize_dim(dim, rank));
    reduced[static_cast<size_t>(d)] = true;
  }
  // Reduce into a keep_dim-shaped tensor, then drop the reduced dims if asked.
  std::vector<int64_t> kept_shape = in.shape;
  int64_t group = 1;
  for (size_t d = 0; d < rank; ++d) {
    if (reduced[d]) {
      group *= in.shape[d];
      kept_shape[d] = 1;
    }
  }
  std::vector<int64_t> kept_strides = row_major_strides(kept_shape);
  double initial = type == ReductionOpType::Max ? -std::numeric_limits<double>::infinity() : 0.0;
  std::vector<double> accum(static_cast<size_t>(element_count(kept_shape)), initial);
  std::vector<int64_t> position(rank, 0);
  for (double value : in.values) {
    int64_t target = 0;
    for (size_t d = 0; d < rank; ++d) {
      if (!reduced[d]) target += position[d] * kept_strides[d];
    }
    double& slot = accum[static_cast<size_t>(target)];
    slot = type == ReductionOpType::Max ? std::max(slot, value) : slot + value;
    for (size_t d = rank; d-- > 0;) {
      if (++position[d] < in.shape[d]) break;
      position[d] = 0;
    }
  }
  if (type == ReductionOpType::Mean && group > 0) {
    for (double& value : accum) value /= static_cast<double>(group);
  }
  RefTensor out{{}, std::move(accum)};
  for (size_t d = 0; d < rank; ++d) {
    if (!reduced[d] || keep_dim) out.shape.push_back(kept_shape[d]);
  }
  return out;
}

}  // namespace tessera::builder::reference
