#include "tessera/ttnn/math/softmax.h"

#include <gtest/gtest.h>

#include <cmath>

#include "reference.h"

namespace tessera::ttnn::math {
namespace {

using testing::expect_matches;
using testing::random_tensor;

std::vector<double> reference(const Tensor& in, int dim) {
  const Shape& s = in.shape();
  int64_t outer = 1, inner = 1;
  for (int k = 0; k < dim; ++k) outer *= s[k];
  for (int k = dim + 1; k < s.rank(); ++k) inner *= s[k];
  const int64_t n = s[dim];
  std::vector<double> out(in.numel());
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      double max = -INFINITY, sum = 0;
      for (int64_t r = 0; r < n; ++r)
        max = std::max<double>(max, in.data()[(o * n + r) * inner + i]);
      for (int64_t r = 0; r < n; ++r) sum += std::exp(in.data()[(o * n + r) * inner + i] - max);
      for (int64_t r = 0; r < n; ++r) {
        const int64_t at = (o * n + r) * inner + i;
        out[at] = std::exp(in.data()[at] - max) / sum;
      }
    }
  }
  return out;
}

TEST(TtnnMathSoftmax, MatchesFloat64ReferenceOnEveryDim) {
  // Large logits check the max subtraction: exp(80) alone overflows fp32.
  const Tensor in = random_tensor({3, 37, 65}, 21, -80.0f, 80.0f);
  for (int64_t dim : {0, 1, 2, -1, -2}) {
    SCOPED_TRACE("dim " + std::to_string(dim));
    auto out = softmax(in.view(), dim);
    ASSERT_TRUE(out.ok()) << out.error().describe();
    expect_matches(out->span(), reference(in, static_cast<int>(dim < 0 ? dim + 3 : dim)), 1e-7,
                   1e-5);
  }
}

TEST(TtnnMathSoftmax, LongRowsSumToOne) {
  const Tensor in = random_tensor({4, 100003}, 22);
  auto out = softmax(in.view(), -1);
  ASSERT_TRUE(out.ok());
  expect_matches(out->span(), reference(in, 1), 1e-10, 1e-5);
}

TEST(TtnnMathSoftmax, Errors) {
  const Tensor in = random_tensor({2, 3}, 1);
  EXPECT_ERROR_CONTAINS(softmax(in.view(), 2),
                        "softmax: dim 2 is out of range for a tensor of rank 2 (expected -2..1)");
}

}  // namespace
}  // namespace tessera::ttnn::math
