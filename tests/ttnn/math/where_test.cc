#include "tessera/ttnn/math/where.h"

#include <gtest/gtest.h>

#include "reference.h"

namespace tessera::ttnn::math {
namespace {

using testing::broadcast_offset;
using testing::random_tensor;
using testing::unravel;

TEST(TtnnMathWhere, BroadcastsAllThreeOperands) {
  struct Case {
    Shape cond, a, b;
  };
  const Case cases[] = {{{40, 70}, {40, 70}, {40, 70}},
                        {{40, 1}, {70}, {}},
                        {{1, 3, 1}, {2, 1, 5}, {3, 5}},
                        {{300, 401}, {300, 401}, {401}}};
  uint32_t seed = 3;
  for (const Case& c : cases) {
    Tensor cond = random_tensor(c.cond, seed++);
    for (int64_t i = 0; i < cond.numel(); ++i) cond.data()[i] = cond.data()[i] > 0 ? 1.0f : 0.0f;
    const Tensor a = random_tensor(c.a, seed++);
    const Tensor b = random_tensor(c.b, seed++);
    auto out = where(cond.view(), a.view(), b.view());
    ASSERT_TRUE(out.ok()) << out.error().describe();
    for (int64_t i = 0; i < out->numel(); ++i) {
      const auto index = unravel(i, out->shape());
      const float expected = cond.data()[broadcast_offset(index, c.cond)] != 0
                                 ? a.data()[broadcast_offset(index, c.a)]
                                 : b.data()[broadcast_offset(index, c.b)];
      ASSERT_EQ(out->data()[i], expected) << "at " << i;
    }
  }
}

TEST(TtnnMathWhere, ShapeMismatchNamesTheShapes) {
  const Tensor c = random_tensor({2, 3}, 1);
  const Tensor a = random_tensor({2, 3}, 2);
  const Tensor b = random_tensor({4}, 3);
  EXPECT_ERROR_CONTAINS(where(c.view(), a.view(), b.view()),
                        "where: cannot broadcast shapes [2, 3] and [4]");
}

}  // namespace
}  // namespace tessera::ttnn::math
