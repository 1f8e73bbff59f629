// transpose_wh and reduce: hand-made tiles with known positions, then random ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <string>

#include "compute_test_util.h"
#include "tessera/sim/compute/reduce.h"
#include "tessera/sim/compute/transpose.h"

namespace tessera::sim::compute {
namespace {

using namespace testing;

Matrix counting() {
  Matrix m(1024);
  for (int i = 0; i < 1024; ++i) m[i] = i;
  return m;
}

FloatTile scaler_tile(float s) {
  FloatTile t{};
  t[0] = s;
  return t;
}

TEST(SimComputeTranspose, MovesRowColToColRow) {
  FloatTile out{};
  transpose_wh_tile(to_tile(counting()), out);
  const Matrix got = from_tile(out);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) ASSERT_EQ(got[r * 32 + c], c * 32 + r) << r << "," << c;
}

TEST(SimComputeTranspose, InPlaceTwiceIsIdentity) {
  const Matrix m = random_matrix(1);
  FloatTile t = to_tile(m);
  transpose_wh_tile(t, t);
  EXPECT_EQ(from_tile(t)[1 * 32 + 30], m[30 * 32 + 1]);
  transpose_wh_tile(t, t);
  EXPECT_EQ(from_tile(t), m);
}

TEST(SimComputeReduce, RowSumLandsInColumnZero) {
  FloatTile dst{};
  ASSERT_TRUE(reduce_tile(ReduceFunc::kSum, ReduceDim::kRow, to_tile(counting()), scaler_tile(1.0f),
                          dst, DstUpdate::kOverwrite)
                  .ok());
  const Matrix got = from_tile(dst);
  for (int r = 0; r < 32; ++r) {
    EXPECT_EQ(got[r * 32], 32.0 * 32 * r + 496) << r;  // sum of r*32 + c over c
    EXPECT_EQ(got[r * 32 + 1], 0.0);                   // other columns untouched
  }
}

TEST(SimComputeReduce, ColumnAverageUsesTheScaler) {
  FloatTile dst{};
  ASSERT_TRUE(reduce_tile(ReduceFunc::kAvg, ReduceDim::kCol, to_tile(counting()),
                          scaler_tile(1.0f / 32), dst, DstUpdate::kOverwrite)
                  .ok());
  const Matrix got = from_tile(dst);
  for (int c = 0; c < 32; ++c) EXPECT_DOUBLE_EQ(got[c], 496.0 + c) << c;  // mean over r
  EXPECT_EQ(got[32], 0.0);
}

TEST(SimComputeReduce, MaxOfNegativeValuesAndScalar) {
  Matrix m(1024);
  for (int i = 0; i < 1024; ++i) m[i] = -1000.0 + (i == 700 ? 10.0 : 0.0) - (i % 7);
  FloatTile dst{};
  ASSERT_TRUE(reduce_tile(ReduceFunc::kMax, ReduceDim::kScalar, to_tile(m), scaler_tile(1.0f), dst,
                          DstUpdate::kOverwrite)
                  .ok());
  EXPECT_EQ(dst[0], *std::max_element(m.begin(), m.end()));
  FloatTile rows{};
  ASSERT_TRUE(reduce_tile(ReduceFunc::kMax, ReduceDim::kRow, to_tile(m), scaler_tile(1.0f), rows,
                          DstUpdate::kOverwrite)
                  .ok());
  EXPECT_EQ(from_tile(rows)[21 * 32], -990.0 - (700 % 7));  // element 700 is row 21
}

TEST(SimComputeReduce, AccumulatesAcrossTilesLikeAKernelLoop) {
  const Matrix a = random_matrix(2), b = random_matrix(3);
  FloatTile sum{}, max{};
  for (const Matrix* m : {&a, &b}) {
    const DstUpdate update = m == &a ? DstUpdate::kOverwrite : DstUpdate::kAccumulate;
    ASSERT_TRUE(
        reduce_tile(ReduceFunc::kSum, ReduceDim::kRow, to_tile(*m), scaler_tile(0.5f), sum, update)
            .ok());
    ASSERT_TRUE(
        reduce_tile(ReduceFunc::kMax, ReduceDim::kRow, to_tile(*m), scaler_tile(1.0f), max, update)
            .ok());
  }
  std::vector<double> got_sum, want_sum, got_max, want_max;
  const Matrix s = from_tile(sum), x = from_tile(max);
  for (int r = 0; r < 32; ++r) {
    double total = 0, best = -std::numeric_limits<double>::infinity();
    for (int c = 0; c < 32; ++c) {
      total += 0.5 * (a[r * 32 + c] + b[r * 32 + c]);
      best = std::max({best, a[r * 32 + c], b[r * 32 + c]});
    }
    got_sum.push_back(s[r * 32]);
    want_sum.push_back(total);
    got_max.push_back(x[r * 32]);
    want_max.push_back(best);
  }
  expect_close(got_sum, want_sum, 0.9999, 1e-5);
  EXPECT_EQ(got_max, want_max);
}

// Every function x dimension against a float64 reference, on a tile with
// all-negative rows and columns (so MAX cannot come from Dst's zeros), and
// only the result positions written.
TEST(SimComputeReduce, EveryFunctionAndDimensionMatchesFloat64) {
  Matrix m = random_matrix(9, 1024, -3.0, 2.0);
  for (int i = 0; i < 32; ++i) {
    m[5 * 32 + i] = -1.0 - i;  // row 5 all negative
    m[i * 32 + 7] = -2.0 - i;  // column 7 all negative
  }
  const float s = 0.75f;
  for (ReduceFunc func : {ReduceFunc::kSum, ReduceFunc::kAvg, ReduceFunc::kMax}) {
    for (ReduceDim dim : {ReduceDim::kRow, ReduceDim::kCol, ReduceDim::kScalar}) {
      SCOPED_TRACE(std::string(reduce_func_name(func)) + " " + reduce_dim_name(dim));
      FloatTile dst;
      dst.fill(-99.0f);  // untouched positions must keep this
      ASSERT_TRUE(
          reduce_tile(func, dim, to_tile(m), scaler_tile(s), dst, DstUpdate::kOverwrite).ok());
      const Matrix got = from_tile(dst);
      auto reduce = [&](auto in_group) {
        double sum = 0, best = -std::numeric_limits<double>::infinity();
        for (int r = 0; r < 32; ++r) {
          for (int c = 0; c < 32; ++c) {
            if (!in_group(r, c)) continue;
            sum += m[r * 32 + c] * s;
            best = std::max(best, m[r * 32 + c] * s);
          }
        }
        return func == ReduceFunc::kMax ? best : sum;
      };
      for (int r = 0; r < 32; ++r) {
        for (int c = 0; c < 32; ++c) {
          double want = -99.0;
          if (dim == ReduceDim::kRow && c == 0) {
            want = reduce([r](int rr, int) { return rr == r; });
          } else if (dim == ReduceDim::kCol && r == 0) {
            want = reduce([c](int, int cc) { return cc == c; });
          } else if (dim == ReduceDim::kScalar && r == 0 && c == 0) {
            want = reduce([](int, int) { return true; });
          }
          // fp32 sums of up to 1024 terms of magnitude <= 3.
          ASSERT_NEAR(got[r * 32 + c], want, func == ReduceFunc::kMax ? 0.0 : 1e-3)
              << "(" << r << ", " << c << ")";
        }
      }
    }
  }
}

TEST(SimComputeReduce, UndefinedCodesAreErrors) {
  FloatTile t{};
  EXPECT_FALSE(
      reduce_tile(static_cast<ReduceFunc>(7), ReduceDim::kRow, t, t, t, DstUpdate::kOverwrite)
          .ok());
  EXPECT_FALSE(
      reduce_tile(ReduceFunc::kSum, static_cast<ReduceDim>(7), t, t, t, DstUpdate::kOverwrite)
          .ok());
}

}  // namespace
}  // namespace tessera::sim::compute
