#include "tessera/ttnn/math/softmax.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "allocate.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math {
namespace {

constexpr int64_t kColumnBlock = 256;

// Softmax of one contiguous row; the sum is kept in double so long rows
// normalise to 1 as exactly as fp32 storage allows.
void softmax_row(const float* x, int64_t n, float* y) {
  float max = -std::numeric_limits<float>::infinity();
  for (int64_t i = 0; i < n; ++i) max = std::max(max, x[i]);
  double sum = 0.0;
  for (int64_t i = 0; i < n; ++i) {
    y[i] = std::exp(x[i] - max);
    sum += y[i];
  }
  const float scale = static_cast<float>(1.0 / sum);
  for (int64_t i = 0; i < n; ++i) y[i] *= scale;
}

// Softmax down the columns of a [r_size, inner] slab, `n` columns from col0.
void softmax_columns(const float* x, int64_t r_size, int64_t inner, int64_t n, float* y) {
  std::vector<float> max(n, -std::numeric_limits<float>::infinity());
  std::vector<double> sum(n, 0.0);
  for (int64_t r = 0; r < r_size; ++r) {
    for (int64_t i = 0; i < n; ++i) max[i] = std::max(max[i], x[r * inner + i]);
  }
  for (int64_t r = 0; r < r_size; ++r) {
    for (int64_t i = 0; i < n; ++i) {
      y[r * inner + i] = std::exp(x[r * inner + i] - max[i]);
      sum[i] += y[r * inner + i];
    }
  }
  std::vector<float> scale(n);
  for (int64_t i = 0; i < n; ++i) scale[i] = static_cast<float>(1.0 / sum[i]);
  for (int64_t r = 0; r < r_size; ++r) {
    for (int64_t i = 0; i < n; ++i) y[r * inner + i] *= scale[i];
  }
}

}  // namespace

Status softmax(ConstTensorView in, int64_t dim, TensorView out) {
  TESSERA_RETURN_IF_ERROR(validate_shape(in.shape(), "softmax input"));
  TESSERA_ASSIGN_OR_RETURN(int d, normalize_dim(dim, in.shape().rank(), "softmax"));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, in.shape(), "softmax"));
  if (in.numel() == 0) return ok_status();
  const Shape& shape = in.shape();
  int64_t outer = 1, inner = 1;
  for (int k = 0; k < d; ++k) outer *= shape[k];
  for (int k = d + 1; k < shape.rank(); ++k) inner *= shape[k];
  const int64_t r_size = shape[d];
  const float* x = in.data();
  float* y = out.data();
  if (inner == 1) {
    parallel_for(0, outer, std::max<int64_t>(1, 4096 / r_size), [&](int64_t lo, int64_t hi) {
      for (int64_t o = lo; o < hi; ++o) softmax_row(x + o * r_size, r_size, y + o * r_size);
    });
    return ok_status();
  }
  const int64_t blocks = (inner + kColumnBlock - 1) / kColumnBlock;
  parallel_for(0, outer * blocks, 1, [&](int64_t lo, int64_t hi) {
    for (int64_t task = lo; task < hi; ++task) {
      const int64_t offset = (task / blocks) * r_size * inner + (task % blocks) * kColumnBlock;
      const int64_t n = std::min(kColumnBlock, inner - (task % blocks) * kColumnBlock);
      softmax_columns(x + offset, r_size, inner, n, y + offset);
    }
  });
  return ok_status();
}

Result<Tensor> softmax(ConstTensorView in, int64_t dim) {
  return detail::allocate_and_run(in.shape(),
                                  [&](TensorView out) { return softmax(in, dim, out); });
}

}  // namespace tessera::ttnn::math
