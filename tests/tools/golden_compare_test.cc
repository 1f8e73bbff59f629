// Golden comparison: PCC, allclose, max abs error, NaN/inf and constants.
#include "run/golden_compare.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace tessera::tools::run {
namespace {

using ::testing::HasSubstr;

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<double> ramp(size_t count, double scale = 1.0, double offset = 0.0) {
  std::vector<double> values(count);
  for (size_t i = 0; i < count; ++i) values[i] = scale * std::sin(0.1 * i) + offset;
  return values;
}

TEST(GoldenCompareTest, IdenticalTensorsPass) {
  std::vector<double> values = ramp(100);
  GoldenComparison result = compare_with_golden(values, values, {});
  EXPECT_TRUE(result.passed);
  EXPECT_DOUBLE_EQ(result.pcc, 1.0);
  EXPECT_TRUE(result.allclose);
  EXPECT_EQ(result.max_abs_error, 0.0);
  EXPECT_EQ(result.elements, 100u);
  EXPECT_THAT(result.message, HasSubstr("allclose"));
}

TEST(GoldenCompareTest, ScaledTensorsCorrelateButAreNotClose) {
  std::vector<double> expected = ramp(100);
  std::vector<double> actual = ramp(100, 2.0);
  GoldenComparison result = compare_with_golden(actual, expected, {});
  EXPECT_NEAR(result.pcc, 1.0, 1e-12);
  EXPECT_FALSE(result.allclose);
  EXPECT_GT(result.mismatches, 0u);
  EXPECT_NEAR(result.max_abs_error, 1.0, 1e-3);
  // PCC alone decides unless allclose is enforced.
  EXPECT_TRUE(result.passed);
  Tolerances strict;
  strict.enforce_allclose = true;
  EXPECT_FALSE(compare_with_golden(actual, expected, strict).passed);
}

TEST(GoldenCompareTest, AnticorrelatedTensorsFail) {
  GoldenComparison result = compare_with_golden(ramp(64, -1.0), ramp(64), {});
  EXPECT_NEAR(result.pcc, -1.0, 1e-12);
  EXPECT_FALSE(result.passed);
  EXPECT_THAT(result.message, HasSubstr("< 0.99"));
}

TEST(GoldenCompareTest, MessagesTellAPccFromTheThresholdItMissed) {
  std::vector<double> expected = ramp(100);
  std::vector<double> actual = expected;
  actual[10] += 1e-6;
  Tolerances exact{1.0, 0.0, 0.0, false};
  GoldenComparison result = compare_with_golden(actual, expected, exact);
  EXPECT_FALSE(result.passed);
  EXPECT_THAT(result.message, HasSubstr("pcc 0.9999999"));
  EXPECT_THAT(result.message, HasSubstr(" < 1,"));
}

TEST(GoldenCompareTest, ToleranceScalesWithTheExpectedValue) {
  std::vector<double> expected = {100.0, 200.0, -300.0, 1.0};
  std::vector<double> actual = {100.5, 201.0, -301.0, 1.0};
  Tolerances tolerances{0.99, 0.0, 0.01, true};
  GoldenComparison result = compare_with_golden(actual, expected, tolerances);
  EXPECT_TRUE(result.allclose);
  EXPECT_TRUE(result.passed);
  EXPECT_DOUBLE_EQ(result.max_abs_error, 1.0);
  tolerances.rtol = 0.001;
  EXPECT_EQ(compare_with_golden(actual, expected, tolerances).mismatches, 3u);
}

TEST(GoldenCompareTest, MatchingNanAndInfAreMaskedOut) {
  std::vector<double> expected = ramp(50);
  expected[3] = kNan;
  expected[7] = kInf;
  expected[9] = -kInf;
  std::vector<double> actual = expected;
  actual[20] += 1e-4;
  GoldenComparison result = compare_with_golden(actual, expected, {});
  EXPECT_TRUE(result.passed) << result.message;
  EXPECT_TRUE(std::isfinite(result.pcc));
  EXPECT_GT(result.pcc, 0.999);
  EXPECT_EQ(result.nonfinite_mismatches, 0u);
  EXPECT_NEAR(result.max_abs_error, 1e-4, 1e-9);
}

TEST(GoldenCompareTest, NanOrInfWhereTheGoldenDiffersFails) {
  std::vector<double> expected = ramp(50);
  std::vector<double> actual = expected;
  actual[5] = kNan;
  actual[6] = kInf;
  expected[7] = kInf;
  actual[7] = -kInf;
  GoldenComparison result = compare_with_golden(actual, expected, {});
  EXPECT_EQ(result.nonfinite_mismatches, 3u);
  EXPECT_FALSE(result.allclose);
  EXPECT_FALSE(result.passed);
  EXPECT_THAT(result.message, HasSubstr("NaN/inf"));
}

TEST(GoldenCompareTest, ConstantTensorsAreJudgedByCloseness) {
  std::vector<double> ones(16, 1.0);
  GoldenComparison same = compare_with_golden(ones, ones, {});
  EXPECT_TRUE(same.passed);
  EXPECT_DOUBLE_EQ(same.pcc, 1.0);
  std::vector<double> twos(16, 2.0);
  GoldenComparison different = compare_with_golden(twos, ones, {});
  EXPECT_DOUBLE_EQ(different.pcc, 0.0);
  EXPECT_FALSE(different.passed);
  // One constant side against a varying one has no correlation either.
  EXPECT_FALSE(compare_with_golden(ones, ramp(16), {}).passed);
}

TEST(GoldenCompareTest, EmptyAndAllNanTensorsPass) {
  std::vector<double> empty;
  EXPECT_TRUE(compare_with_golden(empty, empty, {}).passed);
  std::vector<double> nans(8, kNan);
  GoldenComparison result = compare_with_golden(nans, nans, {});
  EXPECT_TRUE(result.passed);
  EXPECT_DOUBLE_EQ(result.pcc, 1.0);
}

}  // namespace
}  // namespace tessera::tools::run
