#include "golden_compare.h"

#include <cmath>
#include <sstream>

namespace tessera::tools::run {
namespace {

bool both_finite(double a, double b) {
  return std::isfinite(a) && std::isfinite(b);
}

// Non-finite values agree when both are NaN or both the same infinity.
bool nonfinite_agree(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b;
}

double pearson(std::span<const double> actual, std::span<const double> expected, bool allclose) {
  double mean_a = 0, mean_e = 0;
  uint64_t n = 0;
  for (size_t i = 0; i < actual.size(); ++i) {
    if (!both_finite(actual[i], expected[i])) continue;
    mean_a += actual[i];
    mean_e += expected[i];
    ++n;
  }
  if (n == 0) return allclose ? 1.0 : 0.0;
  mean_a /= static_cast<double>(n);
  mean_e /= static_cast<double>(n);
  double cov = 0, var_a = 0, var_e = 0;
  for (size_t i = 0; i < actual.size(); ++i) {
    if (!both_finite(actual[i], expected[i])) continue;
    double da = actual[i] - mean_a;
    double de = expected[i] - mean_e;
    cov += da * de;
    var_a += da * da;
    var_e += de * de;
  }
  // A constant side has no correlation to measure: judge it by closeness.
  if (var_a == 0 || var_e == 0) return allclose ? 1.0 : 0.0;
  double pcc = cov / std::sqrt(var_a * var_e);
  return std::isfinite(pcc) ? pcc : (allclose ? 1.0 : 0.0);
}

// Six digits, or as many as it takes to tell a PCC from the threshold it
// missed ("pcc 0.99999987 < 1", not "pcc 1 < 1").
std::string pcc_text(double pcc, double threshold) {
  std::ostringstream text;
  for (int digits = 6; digits <= 17; ++digits) {
    text.str("");
    text.precision(digits);
    text << pcc;
    std::ostringstream other;
    other.precision(digits);
    other << threshold;
    if (pcc == threshold || text.str() != other.str()) break;
  }
  return text.str();
}

}  // namespace

GoldenComparison compare_with_golden(std::span<const double> actual,
                                     std::span<const double> expected,
                                     const Tolerances& tolerances) {
  GoldenComparison result;
  result.elements = actual.size();
  for (size_t i = 0; i < actual.size(); ++i) {
    double a = actual[i], e = expected[i];
    if (!both_finite(a, e)) {
      if (!nonfinite_agree(a, e)) {
        ++result.nonfinite_mismatches;
        ++result.mismatches;
      }
      continue;
    }
    double error = std::fabs(a - e);
    if (error > result.max_abs_error) result.max_abs_error = error;
    if (error > tolerances.atol + tolerances.rtol * std::fabs(e)) ++result.mismatches;
  }
  result.allclose = result.mismatches == 0;
  result.pcc = pearson(actual, expected, result.allclose);

  bool pcc_ok = result.pcc >= tolerances.pcc;
  bool close_ok = result.allclose || !tolerances.enforce_allclose;
  result.passed = pcc_ok && close_ok && result.nonfinite_mismatches == 0;

  std::ostringstream text;
  text.precision(6);
  text << "pcc " << pcc_text(result.pcc, tolerances.pcc) << (pcc_ok ? " >= " : " < ")
       << tolerances.pcc << ", ";
  if (result.allclose) {
    text << "allclose";
  } else {
    text << result.mismatches << "/" << result.elements << " not close (atol " << tolerances.atol
         << ", rtol " << tolerances.rtol << ")";
  }
  text << ", max abs error " << result.max_abs_error;
  if (result.nonfinite_mismatches) {
    text << ", " << result.nonfinite_mismatches << " NaN/inf where the golden differs";
  }
  result.message = text.str();
  return result;
}

}  // namespace tessera::tools::run
