// Element-wise unary and binary ops on spans, against double references.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "compute_test_util.h"
#include "tessera/sim/compute/binary_op.h"
#include "tessera/sim/compute/tile_copy.h"
#include "tessera/sim/compute/typecast.h"
#include "tessera/sim/compute/unary_op.h"

namespace tessera::sim::compute {
namespace {

using namespace testing;

struct UnaryCase {
  UnaryOp op;
  double lo, hi;  // input range
  double (*reference)(double);
  UnaryParams params = {};
};

double ref_gelu(double x) {
  return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
}
double ref_gelu_tanh(double x) {
  return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
}
double ref_sigmoid(double x) {
  return 1 / (1 + std::exp(-x));
}

// Inputs are fp32, the reference is evaluated in double on the same fp32 inputs, so fp32
// results should be within about one ulp: rtol 1e-6 plus a small atol near zero crossings.
TEST(SimComputeUnary, TranscendentalsMatchDoubleReference) {
  const std::vector<UnaryCase> cases = {
      {UnaryOp::kExp, -20, 20, [](double x) { return std::exp(x); }},
      {UnaryOp::kLog, 1e-3, 1e3, [](double x) { return std::log(x); }},
      {UnaryOp::kExp2, -20, 20, [](double x) { return std::exp2(x); }},
      {UnaryOp::kExpm1, -5, 5, [](double x) { return std::expm1(x); }},
      {UnaryOp::kLog2, 1e-3, 1e3, [](double x) { return std::log2(x); }},
      {UnaryOp::kLog1p, -0.5, 10, [](double x) { return std::log1p(x); }},
      {UnaryOp::kElu,
       -5,
       5,
       [](double x) { return x < 0 ? 0.5 * std::expm1(x) : x; },
       {.param = 0.5f}},
      {UnaryOp::kTan, -1.5, 1.5, [](double x) { return std::tan(x); }},
      {UnaryOp::kSqrt, 0, 1e4, [](double x) { return std::sqrt(x); }},
      {UnaryOp::kRsqrt, 1e-3, 1e4, [](double x) { return 1 / std::sqrt(x); }},
      {UnaryOp::kRecip, 0.01, 100, [](double x) { return 1 / x; }},
      {UnaryOp::kGelu, -6, 6, ref_gelu},
      {UnaryOp::kGelu, -6, 6, ref_gelu_tanh, {.param = 0, .approximate = true}},
      {UnaryOp::kSigmoid, -10, 10, ref_sigmoid},
      {UnaryOp::kTanh, -5, 5, [](double x) { return std::tanh(x); }},
      {UnaryOp::kSilu, -10, 10, [](double x) { return x * ref_sigmoid(x); }},
      {UnaryOp::kSin, -10, 10, [](double x) { return std::sin(x); }},
      {UnaryOp::kCos, -10, 10, [](double x) { return std::cos(x); }},
      {UnaryOp::kErf, -3, 3, [](double x) { return std::erf(x); }},
      {UnaryOp::kErfc, -3, 3, [](double x) { return std::erfc(x); }},
      {UnaryOp::kSquare, -100, 100, [](double x) { return x * x; }},
      {UnaryOp::kPower, -3, 3, [](double x) { return x * x * x * x * x; }, {.param = 5.0f}},
      {UnaryOp::kAsin, -1, 1, [](double x) { return std::asin(x); }},
      {UnaryOp::kAcos, -1, 1, [](double x) { return std::acos(x); }},
      {UnaryOp::kAtan, -10, 10, [](double x) { return std::atan(x); }},
      {UnaryOp::kSoftsign, -10, 10, [](double x) { return x / (1 + std::fabs(x)); }},
      {UnaryOp::kHardsigmoid, -5, 5, [](double x) { return std::clamp(x / 6 + 0.5, 0.0, 1.0); }},
      {UnaryOp::kSelu,
       -5,
       5,
       [](double x) { return 1.5 * (x > 0 ? x : 0.5 * std::expm1(x)); },
       {.param = 0.5f, .param2 = 1.5f}},
  };
  uint32_t seed = 10;
  for (const UnaryCase& c : cases) {
    SCOPED_TRACE(unary_op_name(c.op));
    const Matrix x = random_matrix(seed++, 4096, c.lo, c.hi);
    std::vector<float> values(x.begin(), x.end());
    ASSERT_TRUE(apply_unary(c.op, values, c.params).ok());
    std::vector<double> got(values.begin(), values.end()), want(x.size());
    for (size_t i = 0; i < x.size(); ++i) want[i] = c.reference(x[i]);
    expect_close(got, want, 0.9999, 1e-6, 2e-6);
  }
}

TEST(SimComputeUnary, PiecewiseOpsAreExact) {
  const std::vector<float> x = {-2.0f, -0.5f, 0.0f, 0.25f, 3.0f, 7.5f};
  auto run = [&](UnaryOp op, float param = 0.0f) {
    std::vector<float> out(x.size());
    EXPECT_TRUE(apply_unary(op, x, out, {.param = param}).ok());
    return out;
  };
  EXPECT_EQ(run(UnaryOp::kRelu), (std::vector<float>{0, 0, 0, 0.25f, 3, 7.5f}));
  EXPECT_EQ(run(UnaryOp::kReluMax, 3.0f), (std::vector<float>{0, 0, 0, 0.25f, 3, 3}));
  EXPECT_EQ(run(UnaryOp::kReluMin, 1.0f), (std::vector<float>{1, 1, 1, 1, 3, 7.5f}));
  EXPECT_EQ(run(UnaryOp::kLeakyRelu, 0.1f), (std::vector<float>{-0.2f, -0.05f, 0, 0.25f, 3, 7.5f}));
  EXPECT_EQ(run(UnaryOp::kAbs), (std::vector<float>{2, 0.5f, 0, 0.25f, 3, 7.5f}));
  EXPECT_EQ(run(UnaryOp::kNeg), (std::vector<float>{2, 0.5f, -0.0f, -0.25f, -3, -7.5f}));
  EXPECT_EQ(run(UnaryOp::kSign), (std::vector<float>{-1, -1, 0, 1, 1, 1}));
  EXPECT_EQ(run(UnaryOp::kFloor), (std::vector<float>{-2, -1, 0, 0, 3, 7}));
  EXPECT_EQ(run(UnaryOp::kCeil), (std::vector<float>{-2, -0.0f, 0, 1, 3, 8}));
  EXPECT_EQ(run(UnaryOp::kFill, 4.0f), (std::vector<float>(6, 4.0f)));
  EXPECT_EQ(run(UnaryOp::kEqz), (std::vector<float>{0, 0, 1, 0, 0, 0}));
  EXPECT_EQ(run(UnaryOp::kNez), (std::vector<float>{1, 1, 0, 1, 1, 1}));
  EXPECT_EQ(run(UnaryOp::kGtz), (std::vector<float>{0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(run(UnaryOp::kGez), (std::vector<float>{0, 0, 1, 1, 1, 1}));
  EXPECT_EQ(run(UnaryOp::kLtz), (std::vector<float>{1, 1, 0, 0, 0, 0}));
  EXPECT_EQ(run(UnaryOp::kLez), (std::vector<float>{1, 1, 1, 0, 0, 0}));
  EXPECT_EQ(run(UnaryOp::kPower, 2.0f), (std::vector<float>{4, 0.25f, 0, 0.0625f, 9, 56.25f}));
}

TEST(SimComputeUnary, SpecialValuesFollowIeee) {
  std::vector<float> v = {0.0f, -1.0f, INFINITY};
  ASSERT_TRUE(apply_unary(UnaryOp::kLog, v).ok());
  EXPECT_EQ(v[0], -INFINITY);
  EXPECT_TRUE(std::isnan(v[1]));
  EXPECT_EQ(v[2], INFINITY);
  std::vector<float> r = {0.0f, -0.0f};
  ASSERT_TRUE(apply_unary(UnaryOp::kRecip, r).ok());
  EXPECT_EQ(r[0], INFINITY);
  EXPECT_EQ(r[1], -INFINITY);
}

TEST(SimComputeUnary, LengthMismatchAndUnknownOpAreErrors) {
  std::vector<float> in(4), out(3);
  Status status = apply_unary(UnaryOp::kExp, in, out);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message().find("4 elements"), std::string::npos);
  EXPECT_FALSE(apply_unary(static_cast<UnaryOp>(999), in).ok());
}

TEST(SimComputeUnary, NamesRoundTripForEveryOp) {
  for (int code = 0; code <= static_cast<int>(kLastUnaryOp); ++code) {
    const auto op = static_cast<UnaryOp>(code);
    Result<UnaryOp> back = unary_op_from_name(unary_op_name(op));
    ASSERT_TRUE(back.ok()) << code;
    EXPECT_EQ(*back, op);
  }
  EXPECT_EQ(*unary_op_from_name("relu_max"), UnaryOp::kReluMax);
  Result<UnaryOp> unknown = unary_op_from_name("softshrink");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().message().find("softshrink"), std::string::npos);
  EXPECT_EQ(*binary_op_from_name("div"), BinaryOp::kDiv);
  EXPECT_EQ(*binary_op_from_name("atan2"), BinaryOp::kAtan2);
  EXPECT_FALSE(binary_op_from_name("fmod").ok());
}

TEST(SimComputeUnary, TypecastRoundsIntoTheTargetDomain) {
  std::vector<float> v = {1.00390625f, -3.7f, 70000.4f, 2.5f};
  std::vector<float> bf = v;
  ASSERT_TRUE(typecast(tile::DataFormat::kFloat16_b, bf).ok());
  EXPECT_EQ(bf[0], 1.0f);  // 1 + 2^-8 is a tie: rounds to even
  EXPECT_EQ(bf[2], 70144.0f);
  std::vector<float> u16 = v;
  ASSERT_TRUE(typecast(tile::DataFormat::kUInt16, u16).ok());
  EXPECT_EQ(u16, (std::vector<float>{1, 0, 65535, 2}));
  std::vector<float> partial(100);
  EXPECT_FALSE(typecast(tile::DataFormat::kBfp8_b, partial).ok());
}

// The SFPU's float -> integer conversions shift the mantissa: they truncate,
// and out-of-range values saturate the way tt-llk's typecast kernels do.
TEST(SimComputeUnary, TypecastToIntegersTruncatesLikeTheSfpu) {
  const float nan = std::nanf("");
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> i32 = {2.9f, -2.9f, 0.5f, -0.5f, 3e9f, -3e9f, nan, -inf, 2147483520.0f};
  ASSERT_TRUE(typecast(tile::DataFormat::kInt32, i32).ok());
  const float int_min = -2147483648.0f;
  EXPECT_EQ(i32,
            (std::vector<float>{2, -2, 0, 0, int_min, int_min, int_min, int_min, 2147483520.0f}));
  std::vector<float> u32 = {2.9f, -2.9f, 5e9f, inf, nan, -nan, 4294967040.0f};
  ASSERT_TRUE(typecast(tile::DataFormat::kUInt32, u32).ok());
  EXPECT_EQ(u32, (std::vector<float>{2, 0, 4294967295.0f, 4294967295.0f, 4294967295.0f, 0,
                                     4294967040.0f}));
}

// Float64 reference of each binary op; integer ops on the truncated values.
double binary_reference(BinaryOp op, double x, double y) {
  const int64_t i = static_cast<int64_t>(x), j = static_cast<int64_t>(y);
  switch (op) {
    case BinaryOp::kAdd:
      return x + y;
    case BinaryOp::kSub:
      return x - y;
    case BinaryOp::kRsub:
      return y - x;
    case BinaryOp::kRdiv:
      return y / x;
    case BinaryOp::kRpow:
      return std::pow(y, x);
    case BinaryOp::kMul:
      return x * y;
    case BinaryOp::kDiv:
      return x / y;
    case BinaryOp::kMax:
      return std::max(x, y);
    case BinaryOp::kMin:
      return std::min(x, y);
    case BinaryOp::kPow:
      return std::pow(x, y);
    case BinaryOp::kEq:
      return x == y;
    case BinaryOp::kNe:
      return x != y;
    case BinaryOp::kLt:
      return x < y;
    case BinaryOp::kGt:
      return x > y;
    case BinaryOp::kLe:
      return x <= y;
    case BinaryOp::kGe:
      return x >= y;
    case BinaryOp::kBitwiseAnd:
      return static_cast<double>(i & j);
    case BinaryOp::kBitwiseOr:
      return static_cast<double>(i | j);
    case BinaryOp::kBitwiseXor:
      return static_cast<double>(i ^ j);
    case BinaryOp::kLeftShift:
      return static_cast<double>(i << j);
    case BinaryOp::kRightShift:
    case BinaryOp::kLogicalRightShift:
      return static_cast<double>(i >> j);  // non-negative operands here
    case BinaryOp::kAtan2:
      return std::atan2(x, y);
  }
  return NAN;
}

TEST(SimComputeBinary, AllOpsMatchDoubleReference) {
  const Matrix a = random_matrix(1, 4096, 0.1, 4), b = random_matrix(2, 4096, 0.1, 4);
  std::vector<float> fa(a.begin(), a.end()), fb(b.begin(), b.end()), out(a.size());
  for (int code = 0; code <= static_cast<int>(kLastBinaryOp); ++code) {
    const auto op = static_cast<BinaryOp>(code);
    SCOPED_TRACE(binary_op_name(op));
    ASSERT_TRUE(apply_binary(op, fa, fb, out).ok());
    std::vector<double> got(out.begin(), out.end()), want(a.size());
    for (size_t i = 0; i < a.size(); ++i) want[i] = binary_reference(op, a[i], b[i]);
    expect_close(got, want, 0.9999, 1e-6, 1e-6);
  }
  std::vector<float> scaled(a.size());
  ASSERT_TRUE(apply_binary_scalar(BinaryOp::kMul, fa, 3.0f, scaled).ok());
  EXPECT_EQ(scaled[17], fa[17] * 3.0f);
}

TEST(SimComputeBinary, MaxAndMinKeepNan) {
  std::vector<float> a = {1.0f, NAN}, b = {NAN, 1.0f}, out(2);
  ASSERT_TRUE(apply_binary(BinaryOp::kMax, a, b, out).ok());
  EXPECT_TRUE(std::isnan(out[0]) && std::isnan(out[1]));
  ASSERT_TRUE(apply_binary(BinaryOp::kMin, a, b, out).ok());
  EXPECT_TRUE(std::isnan(out[0]) && std::isnan(out[1]));
}

TEST(SimComputeBinary, LengthMismatchIsAnError) {
  std::vector<float> a(8), b(7), out(8);
  Status status = apply_binary(BinaryOp::kAdd, a, b, out);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message().find("b 7"), std::string::npos) << status.error().message();
}

TEST(SimComputeTileCopy, TilizeBlockOfFloats) {
  std::vector<float> rows(2 * 1024), tiles(2 * 1024), back(2 * 1024);
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<float>(i);
  ASSERT_TRUE(tilize_block(rows, tiles, 2).ok());
  EXPECT_EQ(tiles[1024 + tile::tile_offset(31, 0)], 31 * 64 + 32);
  ASSERT_TRUE(untilize_block(tiles, back, 2).ok());
  EXPECT_EQ(back, rows);
  EXPECT_FALSE(tilize_block(rows, tiles, 3).ok());
  FloatTile a{}, b{};
  a[5] = 2.0f;
  copy_tile(a, b);
  EXPECT_EQ(b[5], 2.0f);
  zero_tile(b);
  EXPECT_EQ(b[5], 0.0f);
}

}  // namespace
}  // namespace tessera::sim::compute
