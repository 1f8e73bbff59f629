// Helpers for the compute tests: row-major <-> tile conversion and accuracy measures.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "tessera/sim/tile/tile_layout.h"
#include "tessera/sim/tile/tilize.h"

namespace tessera::sim::compute::testing {

using FloatTile = std::array<float, tile::kTileElements>;
using Matrix = std::vector<double>;  // 32x32 row-major unless stated

inline FloatTile to_tile(const Matrix& m) {
  std::vector<float> rows(m.begin(), m.end());
  const uint64_t shape[] = {32, 32};
  auto tiles = tile::tilize<float>(rows, shape);
  EXPECT_TRUE(tiles.ok());
  FloatTile t;
  std::copy(tiles->begin(), tiles->end(), t.begin());
  return t;
}

inline Matrix from_tile(const FloatTile& t) {
  const uint64_t shape[] = {32, 32};
  auto rows = tile::untilize<float>(std::span<const float>(t), shape);
  EXPECT_TRUE(rows.ok());
  return Matrix(rows->begin(), rows->end());
}

inline Matrix random_matrix(uint32_t seed, size_t n = 1024, double lo = -1.0, double hi = 1.0) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uniform(static_cast<float>(lo), static_cast<float>(hi));
  Matrix m(n);
  for (double& v : m) v = uniform(rng);  // float-representable values
  return m;
}

// Pearson correlation coefficient.
inline double pcc(const std::vector<double>& a, const std::vector<double>& b) {
  double ma = 0, mb = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    ma += a[i];
    mb += b[i];
  }
  ma /= a.size();
  mb /= b.size();
  double sab = 0, saa = 0, sbb = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) * (a[i] - ma);
    sbb += (b[i] - mb) * (b[i] - mb);
  }
  if (saa == 0 && sbb == 0) return 1.0;
  return sab / std::sqrt(saa * sbb);
}

inline double max_abs_diff(const std::vector<double>& a, const std::vector<double>& b) {
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
  return worst;
}

// PCC at least `min_pcc` and every element within atol + rtol * |want|.
inline void expect_close(const std::vector<double>& got, const std::vector<double>& want,
                         double min_pcc, double atol, double rtol = 0.0) {
  ASSERT_EQ(got.size(), want.size());
  EXPECT_GE(pcc(got, want), min_pcc);
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_LE(std::fabs(got[i] - want[i]), atol + rtol * std::fabs(want[i]))
        << "element " << i << " got " << got[i] << " want " << want[i];
  }
}

}  // namespace tessera::sim::compute::testing
