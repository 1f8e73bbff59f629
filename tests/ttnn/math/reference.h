// Test support: random inputs, float64 reference helpers and accuracy checks.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math::testing {

inline std::vector<float> random_values(int64_t n, uint32_t seed, float lo = -1.0f,
                                        float hi = 1.0f) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> values(n);
  for (float& v : values) v = dist(rng);
  return values;
}

inline Tensor random_tensor(const Shape& shape, uint32_t seed, float lo = -1.0f, float hi = 1.0f) {
  auto t = Tensor::from_values(shape, random_values(shape.numel(), seed, lo, hi));
  EXPECT_TRUE(t.ok()) << t.error().describe();
  return std::move(t).value();
}

inline Tensor tensor_of(const Shape& shape, const std::vector<float>& values) {
  auto t = Tensor::from_values(shape, values);
  EXPECT_TRUE(t.ok()) << t.error().describe();
  return std::move(t).value();
}

// Multi-index of a flat row-major position.
inline std::vector<int64_t> unravel(int64_t flat, const Shape& shape) {
  std::vector<int64_t> index(shape.rank());
  for (int d = shape.rank() - 1; d >= 0; --d) {
    index[d] = flat % shape[d];
    flat /= shape[d];
  }
  return index;
}

// Flat position in `shape` of an output index under numpy broadcasting.
inline int64_t broadcast_offset(const std::vector<int64_t>& out_index, const Shape& shape) {
  int64_t offset = 0;
  const int shift = static_cast<int>(out_index.size()) - shape.rank();
  for (int d = 0; d < shape.rank(); ++d) {
    offset = offset * shape[d] + (shape[d] == 1 ? 0 : out_index[d + shift]);
  }
  return offset;
}

inline double pcc(std::span<const float> actual, std::span<const double> expected) {
  const size_t n = actual.size();
  double ma = 0, me = 0;
  for (size_t i = 0; i < n; ++i) {
    ma += actual[i];
    me += expected[i];
  }
  ma /= n;
  me /= n;
  double cov = 0, va = 0, ve = 0;
  for (size_t i = 0; i < n; ++i) {
    cov += (actual[i] - ma) * (expected[i] - me);
    va += (actual[i] - ma) * (actual[i] - ma);
    ve += (expected[i] - me) * (expected[i] - me);
  }
  if (va == 0 && ve == 0) return 1.0;  // both constant
  return cov / std::sqrt(va * ve);
}

// PCC >= 0.99999 and |actual - expected| <= atol + rtol * |expected| everywhere.
inline void expect_matches(std::span<const float> actual, const std::vector<double>& expected,
                           double atol, double rtol = 0.0) {
  ASSERT_EQ(actual.size(), expected.size());
  if (actual.empty()) return;
  double worst = 0;
  size_t worst_at = 0;
  for (size_t i = 0; i < actual.size(); ++i) {
    const double excess =
        std::fabs(actual[i] - expected[i]) - (atol + rtol * std::fabs(expected[i]));
    if (excess > worst || std::isnan(actual[i]) != std::isnan(expected[i])) {
      worst = std::isnan(excess) ? INFINITY : excess;
      worst_at = i;
    }
  }
  EXPECT_LE(worst, 0.0) << "at " << worst_at << ": got " << actual[worst_at] << ", expected "
                        << expected[worst_at];
  if (actual.size() > 1) {
    EXPECT_GE(pcc(actual, expected), 0.99999);
  }
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace tessera::ttnn::math::testing

// Asserts that a Result/Status failed with a message containing `text`.
#define EXPECT_ERROR_CONTAINS(expr, text)                                                \
  do {                                                                                   \
    auto tessera_r_ = (expr);                                                            \
    ASSERT_FALSE(tessera_r_.ok()) << "expected an error containing: " << (text);         \
    EXPECT_PRED2(::tessera::ttnn::math::testing::contains, tessera_r_.error().message(), \
                 std::string(text));                                                     \
  } while (false)
