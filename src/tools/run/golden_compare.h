// Compares a tensor a program produced with the one it should have produced.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace tessera::tools::run {

struct Tolerances {
  double pcc = 0.99;
  double atol = 1e-2;
  double rtol = 1e-2;
  bool enforce_allclose = false;  // PCC alone decides unless set
};

struct GoldenComparison {
  uint64_t elements = 0;
  // Pearson correlation over positions where both values are finite. Constant
  // tensors have no correlation: 1 if they are allclose, else 0.
  double pcc = 1.0;
  // |actual - expected| <= atol + rtol * |expected| everywhere; NaN matches
  // NaN and an infinity matches the same infinity.
  bool allclose = true;
  uint64_t mismatches = 0;   // elements outside allclose
  double max_abs_error = 0;  // over positions where both are finite
  // Positions where exactly one side is finite, or the infinities differ.
  uint64_t nonfinite_mismatches = 0;
  bool passed = true;
  std::string message;  // "pcc 0.9999 >= 0.99, allclose, max abs error 1e-06"
};

// `actual` and `expected` must have the same length (callers check shapes).
GoldenComparison compare_with_golden(std::span<const double> actual,
                                     std::span<const double> expected,
                                     const Tolerances& tolerances);

}  // namespace tessera::tools::run
