// Shape arithmetic shared by the reference ops.
#include "reference_ops.h"

namespace tessera::builder::reference {

int64_t element_count(std::span<const int64_t> shape) {
  int64_t count = 1;
  for (int64_t dim : shape) count *= dim;
  return count;
}

std::vector<int64_t> row_major_strides(std::span<const int64_t> shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
  return strides;
}

Result<int64_t> normalize_dim(int64_t dim, size_t rank) {
  int64_t normalized = dim < 0 ? dim + static_cast<int64_t>(rank) : dim;
  if (normalized < 0 || normalized >= static_cast<int64_t>(rank)) {
    return make_error(ErrorCode::kInvalidArgument, "dimension ", dim, " is out of range for rank ",
                      rank);
  }
  return normalized;
}

Result<std::vector<int64_t>> broadcast_shape(std::span<const int64_t> a,
                                             std::span<const int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  std::vector<int64_t> shape(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1) {
      return make_error(ErrorCode::kInvalidArgument, "shapes do not broadcast: dimension ", i,
                        " is ", da, " and ", db);
    }
    shape[i] = da == 1 ? db : da;
  }
  return shape;
}

}  // namespace tessera::builder::reference
