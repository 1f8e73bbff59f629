#include "reference_check.h"

#include <algorithm>
#include <cmath>

namespace tessera::metal::testing {

ReferenceCheck check_against(std::span<const float> actual, std::span<const double> expected) {
  ReferenceCheck check;
  const std::size_t n = std::min(actual.size(), expected.size());
  if (n == 0 || actual.size() != expected.size()) return check;
  double mean_a = 0, mean_e = 0;
  for (std::size_t i = 0; i < n; ++i) {
    mean_a += actual[i];
    mean_e += expected[i];
    check.max_abs_error = std::max(check.max_abs_error, std::abs(actual[i] - expected[i]));
  }
  mean_a /= static_cast<double>(n);
  mean_e /= static_cast<double>(n);
  double cov = 0, var_a = 0, var_e = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double da = actual[i] - mean_a, de = expected[i] - mean_e;
    cov += da * de;
    var_a += da * da;
    var_e += de * de;
  }
  // Two constant vectors correlate perfectly only if they are equal.
  if (var_a == 0 || var_e == 0) {
    check.pcc = check.max_abs_error == 0 ? 1.0 : 0.0;
  } else {
    check.pcc = cov / std::sqrt(var_a * var_e);
  }
  return check;
}

}  // namespace tessera::metal::testing
