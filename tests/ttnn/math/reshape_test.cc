#include "tessera/ttnn/math/reshape.h"

#include <gtest/gtest.h>

#include "reference.h"

namespace tessera::ttnn::math {
namespace {

TEST(TtnnMathReshape, KeepsOrderAndInfersMinusOne) {
  const Tensor in = testing::random_tensor({4, 6, 5}, 61);
  const std::vector<int64_t> dims{2, -1, 3};
  auto out = reshape(in.view(), dims);
  ASSERT_TRUE(out.ok()) << out.error().describe();
  EXPECT_EQ(out->shape(), (Shape{2, 20, 3}));
  EXPECT_EQ(out->to_vector(), in.to_vector());
  const std::vector<int64_t> flat{-1};
  EXPECT_EQ(reshape(in.view(), flat)->shape(), (Shape{120}));
}

TEST(TtnnMathReshape, Errors) {
  const Tensor in = testing::random_tensor({4, 6}, 62);
  const std::vector<int64_t> wrong{5, 5};
  EXPECT_ERROR_CONTAINS(reshape(in.view(), wrong),
                        "reshape: cannot reshape [4, 6] (24 elements) to [5, 5] (25 elements)");
  const std::vector<int64_t> two{-1, -1};
  EXPECT_ERROR_CONTAINS(reshape(in.view(), two), "reshape: only one dim can be -1");
  const std::vector<int64_t> uneven{5, -1};
  EXPECT_ERROR_CONTAINS(reshape(in.view(), uneven),
                        "reshape: cannot infer the -1 dim of [5, -1] for 24 elements");
  const std::vector<int64_t> negative{-2, 12};
  EXPECT_ERROR_CONTAINS(reshape(in.view(), negative), "reshape: dim 0 of [-2, 12] is negative");
}

}  // namespace
}  // namespace tessera::ttnn::math
