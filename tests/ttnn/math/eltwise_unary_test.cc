#include "tessera/ttnn/math/eltwise_unary.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "reference.h"

namespace tessera::ttnn::math {
namespace {

using testing::expect_matches;
using testing::random_tensor;

double reference_op(UnaryOp op, bool approximate, double x) {
  switch (op) {
    case UnaryOp::kRelu:
      return x > 0 ? x : 0;
    case UnaryOp::kSqrt:
      return std::sqrt(x);
    case UnaryOp::kSigmoid:
      return 1 / (1 + std::exp(-x));
    case UnaryOp::kRecip:
      return 1 / x;
    case UnaryOp::kExp:
      return std::exp(x);
    case UnaryOp::kNeg:
      return -x;
    case UnaryOp::kAbs:
      return std::fabs(x);
    case UnaryOp::kLog:
      return std::log(x);
    case UnaryOp::kTanh:
      return std::tanh(x);
    case UnaryOp::kGelu:
      if (approximate) {
        return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
      }
      return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
    default:
      return NAN;
  }
}

TEST(TtnnMathUnary, MatchesFloat64Reference) {
  struct Case {
    UnaryOp op;
    bool approximate;
  };
  const Case cases[] = {
      {UnaryOp::kRelu, false},  {UnaryOp::kSqrt, false}, {UnaryOp::kSigmoid, false},
      {UnaryOp::kRecip, false}, {UnaryOp::kExp, false},  {UnaryOp::kNeg, false},
      {UnaryOp::kAbs, false},   {UnaryOp::kLog, false},  {UnaryOp::kTanh, false},
      {UnaryOp::kGelu, false},  {UnaryOp::kGelu, true}};
  for (const auto& [op, approximate] : cases) {
    SCOPED_TRACE(std::string(sim::compute::unary_op_name(op)) + (approximate ? " (tanh)" : ""));
    const bool positive_only = op == UnaryOp::kSqrt || op == UnaryOp::kLog || op == UnaryOp::kRecip;
    // 3 x 37 x 1001 elements: odd sizes, and enough to run in parallel.
    const Tensor in = random_tensor({3, 37, 1001}, 7, positive_only ? 0.05f : -6.0f, 6.0f);
    UnaryParams params;
    params.approximate = approximate;
    auto out = unary(op, in.view(), params);
    ASSERT_TRUE(out.ok()) << out.error().describe();
    std::vector<double> expected(in.numel());
    for (int64_t i = 0; i < in.numel(); ++i) {
      expected[i] = reference_op(op, approximate, in.data()[i]);
    }
    // libm fp32 functions are within a few ulp.
    expect_matches(out->span(), expected, 1e-6, 4e-7);
  }
}

TEST(TtnnMathUnary, EdgeValues) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Tensor in = testing::tensor_of({6}, {-inf, -100.0f, 0.0f, 100.0f, inf, nan});
  auto sig = unary(UnaryOp::kSigmoid, in.view());
  EXPECT_EQ(sig->data()[0], 0.0f);
  // Correctly rounded, as torch.sigmoid gives: a subnormal, not a flush to 0.
  EXPECT_EQ(sig->data()[1], static_cast<float>(1.0 / (1.0 + std::exp(100.0))));
  EXPECT_EQ(sig->data()[2], 0.5f);
  EXPECT_EQ(sig->data()[3], 1.0f);
  EXPECT_EQ(sig->data()[4], 1.0f);
  auto relu = unary(UnaryOp::kRelu, in.view());
  EXPECT_EQ(relu->data()[0], 0.0f);
  EXPECT_EQ(relu->data()[4], inf);
  EXPECT_TRUE(std::isnan(relu->data()[5]));
  auto gelu = unary(UnaryOp::kGelu, in.view());
  EXPECT_EQ(gelu->data()[1], -0.0f);
  EXPECT_EQ(gelu->data()[3], 100.0f);
}

TEST(TtnnMathUnary, InPlaceAndShapeErrors) {
  Tensor t = testing::tensor_of({2, 2}, {-1, 2, -3, 4});
  ASSERT_TRUE(unary(UnaryOp::kAbs, t.view(), t.mutable_view()).ok());
  EXPECT_EQ(t.to_vector(), (std::vector<float>{1, 2, 3, 4}));
  Tensor wrong = Tensor::uninitialized({4});
  EXPECT_ERROR_CONTAINS(unary(UnaryOp::kExp, t.view(), wrong.mutable_view()),
                        "exp: output has shape [4] but the result has shape [2, 2]");
}

}  // namespace
}  // namespace tessera::ttnn::math
