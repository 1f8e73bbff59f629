#include "tessera/ttnn/math/concat.h"

#include <gtest/gtest.h>

#include "reference.h"

namespace tessera::ttnn::math {
namespace {

using testing::random_tensor;
using testing::unravel;

TEST(TtnnMathConcat, EveryDimIncludingNegative) {
  for (int64_t dim : {0, 1, 2, -1, -3}) {
    const int d = static_cast<int>(dim < 0 ? dim + 3 : dim);
    std::vector<Tensor> inputs;
    for (int64_t size : {3, 1, 5}) {
      Shape shape{2, 4, 7};
      shape[d] = size;
      inputs.push_back(random_tensor(shape, static_cast<uint32_t>(40 + size)));
    }
    std::vector<ConstTensorView> views;
    for (const Tensor& t : inputs) views.push_back(t.view());
    auto out = concat(views, dim);
    ASSERT_TRUE(out.ok()) << out.error().describe();
    Shape expected{2, 4, 7};
    expected[d] = 9;
    ASSERT_EQ(out->shape(), expected);
    for (int64_t i = 0; i < out->numel(); ++i) {
      auto index = unravel(i, out->shape());
      size_t which = 0;
      while (index[d] >= inputs[which].shape()[d]) index[d] -= inputs[which++].shape()[d];
      int64_t src = 0;
      for (int k = 0; k < 3; ++k) src = src * inputs[which].shape()[k] + index[k];
      ASSERT_EQ(out->data()[i], inputs[which].data()[src]) << "dim " << dim << " at " << i;
    }
  }
}

TEST(TtnnMathConcat, Errors) {
  const Tensor a = random_tensor({2, 3}, 1);
  const Tensor b = random_tensor({2, 4}, 2);
  const Tensor c = random_tensor({2, 3, 1}, 3);
  const ConstTensorView ab[] = {a.view(), b.view()};
  EXPECT_ERROR_CONTAINS(concat(ab, 0),
                        "concat along dim 0: input 1 has shape [2, 4] but input 0 has shape "
                        "[2, 3]; they differ in dim 1 (4 vs 3)");
  const ConstTensorView ac[] = {a.view(), c.view()};
  EXPECT_ERROR_CONTAINS(concat(ac, 0), "concat: input 1 has shape [2, 3, 1] of rank 3");
  EXPECT_ERROR_CONTAINS(concat(std::span<const ConstTensorView>{}, 0),
                        "concat: needs at least one input");
  EXPECT_ERROR_CONTAINS(concat(ab, 2), "concat: dim 2 is out of range");
}

}  // namespace
}  // namespace tessera::ttnn::math
