// Tile and block matmul against a double-precision reference.
#include "tessera/sim/compute/matmul.h"

#include <gtest/gtest.h>

#include "../../../src/sim/compute/tile_product.h"
#include "compute_test_util.h"
#include "tessera/sim/tile/tilize.h"

namespace tessera::sim::compute {
namespace {

using namespace testing;

// Row-major (m x k) x (k x n) in double.
Matrix reference_matmul(const Matrix& a, const Matrix& b, int m, int k, int n) {
  Matrix c(static_cast<size_t>(m) * n, 0.0);
  for (int i = 0; i < m; ++i)
    for (int p = 0; p < k; ++p)
      for (int j = 0; j < n; ++j) c[i * n + j] += a[i * k + p] * b[p * n + j];
  return c;
}

Matrix transpose32(const Matrix& m) {
  Matrix t(1024);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) t[c * 32 + r] = m[r * 32 + c];
  return t;
}

TEST(SimComputeMatmul, TileProductAccumulatesIntoDst) {
  const Matrix a = random_matrix(1), b = random_matrix(2), d = random_matrix(3);
  FloatTile dst = to_tile(d);
  matmul_tile(to_tile(a), to_tile(b), dst);
  Matrix want = reference_matmul(a, b, 32, 32, 32);
  for (int i = 0; i < 1024; ++i) want[i] += d[i];
  expect_close(from_tile(dst), want, 0.9999, 1e-5);
}

// The exact floats of a float32 tile product, summed as the simulator
// promises on every host: dst first, then the 32 products in k order, each
// product and each sum rounded on its own. The volatile product keeps this
// compiler from fusing them.
Matrix exact_tile_product(const Matrix& a, const Matrix& b, const Matrix& dst) {
  Matrix c(1024);
  for (int i = 0; i < 32; ++i) {
    for (int j = 0; j < 32; ++j) {
      float sum = static_cast<float>(dst[i * 32 + j]);
      for (int k = 0; k < 32; ++k) {
        volatile float product =
            static_cast<float>(a[i * 32 + k]) * static_cast<float>(b[k * 32 + j]);
        sum = sum + product;
      }
      c[i * 32 + j] = sum;
    }
  }
  return c;
}

// Each body of the tile product (tile_product.h) against those exact
// floats; a fused multiply-add anywhere changes low bits of most of these
// 1,024 sums.
void expect_bit_exact(void (*product)(const float*, const float*, float*)) {
  const Matrix a = random_matrix(11, 1024, -3.0, 3.0), b = random_matrix(12, 1024, -3.0, 3.0),
               d = random_matrix(13, 1024, -3.0, 3.0);
  FloatTile dst = to_tile(d);
  const FloatTile a_tile = to_tile(a), b_tile = to_tile(b);
  product(a_tile.data(), b_tile.data(), dst.data());
  const Matrix got = from_tile(dst), want = exact_tile_product(a, b, d);
  int differing = 0;
  for (int i = 0; i < 1024; ++i) differing += got[i] != want[i] ? 1 : 0;
  EXPECT_EQ(differing, 0) << "of 1024 elements";
}

TEST(SimComputeMatmul, BaselineTileProductIsBitExact) {
  expect_bit_exact(tile_product_baseline);
}

TEST(SimComputeMatmul, Avx2TileProductIsBitExact) {
  if (!tile_product_avx2_available()) GTEST_SKIP() << "no AVX2 here, or a build without it";
  expect_bit_exact(tile_product_avx2);
}

TEST(SimComputeMatmul, MatmulTileIsBitExact) {
  const Matrix a = random_matrix(21), b = random_matrix(22), d = random_matrix(23);
  FloatTile dst = to_tile(d);
  matmul_tile(to_tile(a), to_tile(b), dst);
  EXPECT_EQ(from_tile(dst), exact_tile_product(a, b, d));
}

TEST(SimComputeMatmul, IdentityAndPlacement) {
  Matrix identity(1024, 0.0), b(1024);
  for (int i = 0; i < 32; ++i) identity[i * 33] = 1.0;
  for (int i = 0; i < 1024; ++i) b[i] = i;
  FloatTile dst{};
  matmul_tile(to_tile(identity), to_tile(b), dst);
  EXPECT_EQ(from_tile(dst), b);
  // A single 1 at (3, 20) picks row 20 of B into row 3.
  Matrix pick(1024, 0.0);
  pick[3 * 32 + 20] = 1.0;
  FloatTile picked{};
  matmul_tile(to_tile(pick), to_tile(b), picked);
  const Matrix got = from_tile(picked);
  for (int c = 0; c < 32; ++c) EXPECT_EQ(got[3 * 32 + c], 20 * 32 + c) << c;
  EXPECT_EQ(got[4 * 32], 0.0);
}

TEST(SimComputeMatmul, TransposeBUsesBTransposed) {
  const Matrix a = random_matrix(4), b = random_matrix(5);
  FloatTile dst{};
  matmul_tile(to_tile(a), to_tile(b), dst, /*transpose_b=*/true);
  expect_close(from_tile(dst), reference_matmul(a, transpose32(b), 32, 32, 32), 0.9999, 1e-5);
}

// A (64 x 64) x (64 x 96) product built from matmul_block steps the way a compute kernel
// walks K: rt = 2, ct = 3, kt = 2.
TEST(SimComputeMatmul, BlockStepsOverKBuildTheFullProduct) {
  const int m = 64, k = 64, n = 96;
  const Matrix a = random_matrix(6, m * k), b = random_matrix(7, k * n);
  std::vector<float> a_rows(a.begin(), a.end()), b_rows(b.begin(), b.end());
  const uint64_t a_shape[] = {64, 64}, b_shape[] = {64, 96}, c_shape[] = {64, 96};
  auto a_tiles = tile::tilize<float>(a_rows, a_shape);
  auto b_tiles = tile::tilize<float>(b_rows, b_shape);
  ASSERT_TRUE(a_tiles.ok() && b_tiles.ok());
  std::vector<float> dst(6 * 1024, 0.0f);
  const MatmulBlockShape shape{.rt_dim = 2, .ct_dim = 3, .kt_dim = 2};
  for (int step = 0; step < 2; ++step) {
    const std::span<const float> a_step = std::span<const float>(*a_tiles).subspan(step * 1024);
    const std::span<const float> b_step = std::span<const float>(*b_tiles).subspan(step * 3 * 1024);
    ASSERT_TRUE(matmul_block(a_step, b_step, dst, shape).ok());
  }
  auto c_rows = tile::untilize<float>(std::span<const float>(dst), c_shape);
  ASSERT_TRUE(c_rows.ok());
  expect_close(Matrix(c_rows->begin(), c_rows->end()), reference_matmul(a, b, m, k, n), 0.9999,
               1e-5);
}

TEST(SimComputeMatmul, BlockRejectsShortSpansAndZeroDims) {
  std::vector<float> small(1024), dst(1024);
  Status short_a = matmul_block(small, small, dst, {.rt_dim = 2, .ct_dim = 1, .kt_dim = 2});
  ASSERT_FALSE(short_a.ok());
  EXPECT_NE(short_a.error().message().find("3072"), std::string::npos) << short_a.error().message();
  EXPECT_FALSE(matmul_block(small, small, dst, {.rt_dim = 0, .ct_dim = 1, .kt_dim = 1}).ok());
}

}  // namespace
}  // namespace tessera::sim::compute
