#include "tessera/ttnn/math/eltwise_binary.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "reference.h"

namespace tessera::ttnn::math {
namespace {

using testing::broadcast_offset;
using testing::expect_matches;
using testing::random_tensor;
using testing::unravel;

double reference_op(BinaryOp op, double a, double b) {
  switch (op) {
    case BinaryOp::kAdd:
      return a + b;
    case BinaryOp::kSubtract:
      return a - b;
    case BinaryOp::kMultiply:
      return a * b;
    case BinaryOp::kDivide:
      return a / b;
    case BinaryOp::kMaximum:
      return std::max(a, b);
    case BinaryOp::kMinimum:
      return std::min(a, b);
    case BinaryOp::kGreaterEqual:
      return a >= b ? 1.0 : 0.0;
  }
  return 0;
}

std::vector<double> reference(BinaryOp op, const Tensor& a, const Tensor& b, const Shape& out) {
  std::vector<double> expected(out.numel());
  for (int64_t i = 0; i < out.numel(); ++i) {
    const auto index = unravel(i, out);
    expected[i] = reference_op(op, a.data()[broadcast_offset(index, a.shape())],
                               b.data()[broadcast_offset(index, b.shape())]);
  }
  return expected;
}

struct Case {
  Shape a, b, out;
};

const Case kCases[] = {
    {{37, 45}, {37, 45}, {37, 45}},              // same shape, not a multiple of 32
    {{300, 701}, {300, 701}, {300, 701}},        // large enough to run in parallel
    {{5, 33}, {}, {5, 33}},                      // scalar on the right
    {{1}, {5, 33}, {5, 33}},                     // scalar on the left
    {{5, 33}, {33}, {5, 33}},                    // row broadcast
    {{5, 1}, {5, 33}, {5, 33}},                  // column broadcast
    {{2, 1, 7}, {3, 1}, {2, 3, 7}},              // both sides broadcast
    {{4, 1, 3, 1}, {1, 6, 1, 9}, {4, 6, 3, 9}},  // interleaved
    {{257, 3, 1}, {1, 3, 513}, {257, 3, 513}},   // large and broadcast
    {{0, 3}, {3}, {0, 3}},                       // empty
};

const BinaryOp kOps[] = {BinaryOp::kAdd,         BinaryOp::kSubtract, BinaryOp::kMultiply,
                         BinaryOp::kDivide,      BinaryOp::kMaximum,  BinaryOp::kMinimum,
                         BinaryOp::kGreaterEqual};

TEST(TtnnMathBinary, MatchesFloat64ReferenceWithBroadcasting) {
  uint32_t seed = 1;
  for (const Case& c : kCases) {
    const Tensor a = random_tensor(c.a, seed++);
    const Tensor b = random_tensor(c.b, seed++, 0.25f, 2.0f);
    for (BinaryOp op : kOps) {
      SCOPED_TRACE(std::string(binary_op_name(op)) + " " + c.a.to_string() + " " + c.b.to_string());
      auto out = binary(op, a.view(), b.view());
      ASSERT_TRUE(out.ok()) << out.error().describe();
      ASSERT_EQ(out->shape(), c.out);
      // One correctly rounded fp32 operation: within half an ulp.
      expect_matches(out->span(), reference(op, a, b, c.out), 0.0, 6e-8);
    }
  }
}

TEST(TtnnMathBinary, GreaterEqualOnTiesAndMaximumPropagatesNan) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Tensor a = testing::tensor_of({4}, {1, 2, nan, 3});
  const Tensor b = testing::tensor_of({4}, {1, 3, 0, nan});
  auto ge = binary(BinaryOp::kGreaterEqual, a.view(), b.view());
  EXPECT_EQ(ge->to_vector(), (std::vector<float>{1, 0, 0, 0}));
  auto mx = binary(BinaryOp::kMaximum, a.view(), b.view());
  EXPECT_EQ(mx->data()[1], 3.0f);
  EXPECT_TRUE(std::isnan(mx->data()[2]));
  EXPECT_TRUE(std::isnan(mx->data()[3]));
  auto mn = binary(BinaryOp::kMinimum, a.view(), b.view());
  EXPECT_EQ(mn->data()[1], 2.0f);
  EXPECT_TRUE(std::isnan(mn->data()[2]));
  EXPECT_TRUE(std::isnan(mn->data()[3]));
}

TEST(TtnnMathBinary, InPlaceIntoAnInput) {
  Tensor a = testing::tensor_of({2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor row = testing::tensor_of({3}, {10, 20, 30});
  ASSERT_TRUE(binary(BinaryOp::kAdd, a.view(), row.view(), a.mutable_view()).ok());
  EXPECT_EQ(a.to_vector(), (std::vector<float>{11, 22, 33, 14, 25, 36}));
}

TEST(TtnnMathBinary, Errors) {
  const Tensor a = random_tensor({2, 3}, 1);
  const Tensor b = random_tensor({4, 3}, 2);
  EXPECT_ERROR_CONTAINS(binary(BinaryOp::kMultiply, a.view(), b.view()),
                        "multiply: cannot broadcast shapes [2, 3] and [4, 3]");
  Tensor wrong = Tensor::uninitialized({3, 2});
  EXPECT_ERROR_CONTAINS(binary(BinaryOp::kAdd, a.view(), a.view(), wrong.mutable_view()),
                        "add: output has shape [3, 2] but the result has shape [2, 3]");
}

}  // namespace
}  // namespace tessera::ttnn::math
