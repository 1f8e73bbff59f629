#include "tessera/ttnn/math/broadcast.h"

#include <gtest/gtest.h>

#include "reference.h"

namespace tessera::ttnn::math {
namespace {

TEST(TtnnMathBroadcast, AlignsAtTheLastDim) {
  auto s = broadcast_shapes(Shape{2, 1, 5}, Shape{3, 1});
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(*s, (Shape{2, 3, 5}));
  EXPECT_EQ(*broadcast_shapes(Shape{}, Shape{4, 2}), (Shape{4, 2}));
  EXPECT_EQ(*broadcast_shapes(Shape{0, 1}, Shape{1, 3}), (Shape{0, 3}));
}

TEST(TtnnMathBroadcast, ThreeShapes) {
  const Shape shapes[] = {Shape{7, 1, 1}, Shape{1, 4, 1}, Shape{5}};
  EXPECT_EQ(*broadcast_shapes(shapes), (Shape{7, 4, 5}));
}

TEST(TtnnMathBroadcast, MismatchNamesBothShapesAndTheDim) {
  EXPECT_ERROR_CONTAINS(broadcast_shapes(Shape{2, 3}, Shape{4, 3}, "add"),
                        "add: cannot broadcast shapes [2, 3] and [4, 3]: dim -2 is 2 in the first "
                        "and 4 in the second");
}

TEST(TtnnMathShape, NormalizeDimAcceptsNegativeAndRejectsOutOfRange) {
  EXPECT_EQ(*normalize_dim(-1, 3, "op"), 2);
  EXPECT_EQ(*normalize_dim(0, 3, "op"), 0);
  EXPECT_ERROR_CONTAINS(normalize_dim(3, 3, "softmax"),
                        "softmax: dim 3 is out of range for a tensor of rank 3 (expected -3..2)");
  EXPECT_ERROR_CONTAINS(normalize_dim(-4, 3, "softmax"), "dim -4 is out of range");
}

TEST(TtnnMathShape, ValidateRejectsNegativeDimsAndTooManyDims) {
  EXPECT_ERROR_CONTAINS(validate_shape(Shape{2, -1}, "x"), "x has negative dim 1 (shape [2, -1])");
  EXPECT_ERROR_CONTAINS(validate_shape(Shape{1, 1, 1, 1, 1, 1, 1, 1, 1}, "x"), "x has rank 9");
  EXPECT_ERROR_CONTAINS(Tensor::from_values(Shape{2, 2}, std::vector<float>{1, 2, 3}),
                        "tensor of shape [2, 2] needs 4 values, got 3");
}

}  // namespace
}  // namespace tessera::ttnn::math
