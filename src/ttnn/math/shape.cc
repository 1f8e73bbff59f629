#include "tessera/ttnn/math/shape.h"

#include <algorithm>
#include <sstream>

#include "size_limits.h"
#include "tessera/base/tensor_size_limit.h"

namespace tessera::ttnn::math {

int64_t Shape::numel() const {
  int64_t n = 1;
  for (int64_t d : dims_) n *= d;
  return n;
}

std::string Shape::to_string() const {
  std::ostringstream os;
  os << '[';
  for (size_t i = 0; i < dims_.size(); ++i) os << (i ? ", " : "") << dims_[i];
  os << ']';
  return os.str();
}

std::ostream& operator<<(std::ostream& os, const Shape& shape) {
  return os << shape.to_string();
}

Status validate_shape(const Shape& shape, std::string_view what) {
  if (shape.rank() > kMaxRank) {
    return make_error(ErrorCode::kInvalidArgument, what, " has rank ", shape.rank(), " (shape ",
                      shape, "); at most ", kMaxRank, " dims are supported");
  }
  for (int i = 0; i < shape.rank(); ++i) {
    if (shape[i] < 0) {
      return make_error(ErrorCode::kInvalidArgument, what, " has negative dim ", i, " (shape ",
                        shape, ")");
    }
  }
  int64_t product = 1;
  for (int64_t d : shape.dims()) {
    if (!detail::product_within_limit({product, d})) {
      return make_error(ErrorCode::kInvalidArgument, what, " of shape ", shape,
                        " is too large: more than ", detail::kMaxElements, " elements");
    }
    product *= d > 1 ? d : 1;
  }
  // Host math holds every tensor as float32; an empty tensor holds nothing.
  const bool empty = std::find(shape.dims().begin(), shape.dims().end(), 0) != shape.dims().end();
  return check_tensor_elements(empty ? 0 : static_cast<uint64_t>(product), sizeof(float),
                               std::string(what) + " of shape " + shape.to_string());
}

Result<int> normalize_dim(int64_t dim, int rank, std::string_view op) {
  if (dim < -rank || dim >= rank || rank == 0) {
    return make_error(ErrorCode::kInvalidArgument, op, ": dim ", dim,
                      " is out of range for a tensor of rank ", rank, " (expected ", -rank, "..",
                      rank - 1, ")");
  }
  return static_cast<int>(dim < 0 ? dim + rank : dim);
}

std::vector<int64_t> row_major_strides(const Shape& shape) {
  std::vector<int64_t> strides(shape.rank());
  int64_t stride = 1;
  for (int i = shape.rank() - 1; i >= 0; --i) {
    strides[i] = stride;
    stride *= shape[i];
  }
  return strides;
}

}  // namespace tessera::ttnn::math
