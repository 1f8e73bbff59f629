#include "tessera/ttnn/math/permute.h"

#include <gtest/gtest.h>

#include "reference.h"

namespace tessera::ttnn::math {
namespace {

using testing::random_tensor;
using testing::unravel;

// out[i0, i1, ...] = in[j] with j's dim perm[k] taking index i_k.
void expect_permuted(const Tensor& in, const std::vector<int64_t>& perm, const Tensor& out) {
  const int rank = in.shape().rank();
  const auto strides = row_major_strides(in.shape());
  for (int64_t i = 0; i < out.numel(); ++i) {
    const auto index = unravel(i, out.shape());
    int64_t src = 0;
    for (int k = 0; k < rank; ++k) {
      const int64_t d = perm[k] < 0 ? perm[k] + rank : perm[k];
      src += index[k] * strides[d];
    }
    ASSERT_EQ(out.data()[i], in.data()[src]) << "at " << i;
  }
}

TEST(TtnnMathPermute, AllPermutationsOfA4dTensor) {
  const Tensor in = random_tensor({3, 5, 34, 33}, 31);
  std::vector<int64_t> perm{0, 1, 2, 3};
  do {
    SCOPED_TRACE(Shape(perm).to_string());
    auto out = permute(in.view(), perm);
    ASSERT_TRUE(out.ok()) << out.error().describe();
    expect_permuted(in, perm, *out);
  } while (std::next_permutation(perm.begin(), perm.end()));
}

TEST(TtnnMathPermute, SizeOneDimsAndNegativeEntries) {
  const Tensor in = random_tensor({1, 7, 1, 9}, 32);
  const std::vector<int64_t> perm{-1, 2, 0, 1};
  auto out = permute(in.view(), perm);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->shape(), (Shape{9, 1, 1, 7}));
  expect_permuted(in, perm, *out);
}

TEST(TtnnMathTranspose, LastTwoDimsLargeAndOdd) {
  const Tensor in = random_tensor({2, 301, 517}, 33);
  auto out = transpose(in.view(), -2, -1);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->shape(), (Shape{2, 517, 301}));
  expect_permuted(in, {0, 2, 1}, *out);
}

TEST(TtnnMathTranspose, OuterDims) {
  const Tensor in = random_tensor({4, 3, 5, 6}, 34);
  auto out = transpose(in.view(), 0, 2);
  ASSERT_TRUE(out.ok());
  expect_permuted(in, {2, 1, 0, 3}, *out);
}

TEST(TtnnMathPermute, Errors) {
  const Tensor in = random_tensor({2, 3, 4}, 1);
  const std::vector<int64_t> repeated{0, 1, -2};
  EXPECT_ERROR_CONTAINS(permute(in.view(), repeated),
                        "permute: dim 1 appears more than once in the permutation");
  const std::vector<int64_t> short_perm{0, 1};
  EXPECT_ERROR_CONTAINS(permute(in.view(), short_perm),
                        "permute: got 2 dims for a tensor of rank 3 (shape [2, 3, 4])");
  EXPECT_ERROR_CONTAINS(transpose(in.view(), 0, 3), "transpose: dim 3 is out of range");
}

}  // namespace
}  // namespace tessera::ttnn::math
