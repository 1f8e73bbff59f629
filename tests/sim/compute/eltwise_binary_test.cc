// Eltwise binary tiles with and without broadcast, against row-major double references.
#include "tessera/sim/compute/eltwise_binary.h"

#include <gtest/gtest.h>

#include "compute_test_util.h"

namespace tessera::sim::compute {
namespace {

using namespace testing;

double reference_op(BinaryOp op, double a, double b) {
  switch (op) {
    case BinaryOp::kAdd:
      return a + b;
    case BinaryOp::kSub:
      return a - b;
    case BinaryOp::kMul:
      return a * b;
    default:
      return a / b;
  }
}

// The B element row-major (r, c) reads under each broadcast kind.
double broadcast_source(BroadcastType type, const Matrix& b, int r, int c) {
  switch (type) {
    case BroadcastType::kRow:
      return b[c];
    case BroadcastType::kCol:
      return b[r * 32];
    case BroadcastType::kScalar:
      return b[0];
    default:
      return b[r * 32 + c];
  }
}

TEST(SimComputeEltwise, AllOpsAndBroadcastsMatchReference) {
  const Matrix a = random_matrix(1), b = random_matrix(2, 1024, 0.5, 2.0);
  const FloatTile ta = to_tile(a), tb = to_tile(b);
  for (BinaryOp op : {BinaryOp::kAdd, BinaryOp::kSub, BinaryOp::kMul, BinaryOp::kDiv}) {
    for (BroadcastType type :
         {BroadcastType::kNone, BroadcastType::kRow, BroadcastType::kCol, BroadcastType::kScalar}) {
      FloatTile dst{};
      ASSERT_TRUE(eltwise_binary_tile(op, type, ta, tb, dst).ok());
      Matrix want(1024);
      for (int r = 0; r < 32; ++r) {
        for (int c = 0; c < 32; ++c) {
          want[r * 32 + c] = reference_op(op, a[r * 32 + c], broadcast_source(type, b, r, c));
        }
      }
      SCOPED_TRACE(std::string(binary_op_name(op)) + " bcast " + broadcast_type_name(type));
      expect_close(from_tile(dst), want, 0.9999, 1e-6, 1e-6);
    }
  }
}

TEST(SimComputeEltwise, RowBroadcastUsesOnlyRowZeroOfB) {
  Matrix a(1024, 0.0), b(1024, 1000.0);
  for (int c = 0; c < 32; ++c) b[c] = c;  // row 0 holds the column index; the rest is noise
  FloatTile dst{};
  ASSERT_TRUE(
      eltwise_binary_tile(BinaryOp::kAdd, BroadcastType::kRow, to_tile(a), to_tile(b), dst).ok());
  const Matrix got = from_tile(dst);
  EXPECT_EQ(got[5 * 32 + 20], 20.0);   // row 5, col 20 (face 1)
  EXPECT_EQ(got[31 * 32 + 31], 31.0);  // face 3
  EXPECT_EQ(got[17 * 32 + 3], 3.0);    // face 2
}

TEST(SimComputeEltwise, ColBroadcastUsesOnlyColumnZeroOfB) {
  Matrix a(1024, 1.0), b(1024, 1000.0);
  for (int r = 0; r < 32; ++r) b[r * 32] = r;
  FloatTile dst{};
  ASSERT_TRUE(
      eltwise_binary_tile(BinaryOp::kMul, BroadcastType::kCol, to_tile(a), to_tile(b), dst).ok());
  const Matrix got = from_tile(dst);
  EXPECT_EQ(got[20 * 32 + 25], 20.0);
  EXPECT_EQ(got[3 * 32 + 17], 3.0);
  EXPECT_EQ(got[0], 0.0);
}

TEST(SimComputeEltwise, AccumulateAddsToDst) {
  const Matrix a = random_matrix(3), b = random_matrix(4), d = random_matrix(5);
  FloatTile dst = to_tile(d);
  ASSERT_TRUE(eltwise_binary_tile(BinaryOp::kMul, BroadcastType::kScalar, to_tile(a), to_tile(b),
                                  dst, DstUpdate::kAccumulate)
                  .ok());
  Matrix want(1024);
  for (int i = 0; i < 1024; ++i) want[i] = d[i] + a[i] * b[0];
  expect_close(from_tile(dst), want, 0.9999, 1e-6);
}

TEST(SimComputeEltwise, DstMayAliasAnInput) {
  const Matrix a = random_matrix(6), b = random_matrix(7);
  FloatTile t = to_tile(a);
  ASSERT_TRUE(eltwise_binary_tile(BinaryOp::kSub, BroadcastType::kNone, t, to_tile(b), t).ok());
  Matrix want(1024);
  for (int i = 0; i < 1024; ++i) want[i] = a[i] - b[i];
  expect_close(from_tile(t), want, 0.9999, 1e-6);
}

TEST(SimComputeEltwise, UndefinedCodesAreErrors) {
  FloatTile t{};
  EXPECT_FALSE(eltwise_binary_tile(static_cast<BinaryOp>(42), BroadcastType::kNone, t, t, t).ok());
  EXPECT_FALSE(eltwise_binary_tile(BinaryOp::kAdd, static_cast<BroadcastType>(9), t, t, t).ok());
}

}  // namespace
}  // namespace tessera::sim::compute
