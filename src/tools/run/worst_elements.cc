#include "worst_elements.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera::tools::run {
namespace {

double distance(double actual, double expected) {
  if (std::isnan(actual) && std::isnan(expected)) return 0;
  if (actual == expected) return 0;  // the same infinity
  double error = std::fabs(actual - expected);
  return std::isfinite(error) ? error : std::numeric_limits<double>::infinity();
}

std::vector<int64_t> unflatten(uint64_t flat, std::span<const int64_t> shape) {
  std::vector<int64_t> index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    int64_t extent = std::max<int64_t>(shape[d], 1);
    index[d] = static_cast<int64_t>(flat % static_cast<uint64_t>(extent));
    flat /= static_cast<uint64_t>(extent);
  }
  return index;
}

}  // namespace

std::vector<ElementDiff> worst_elements(std::span<const double> actual,
                                        std::span<const double> expected,
                                        std::span<const int64_t> shape, uint32_t k) {
  const size_t count = std::min(actual.size(), expected.size());
  std::vector<std::pair<double, uint64_t>> errors;
  errors.reserve(count);
  for (size_t i = 0; i < count; ++i) errors.emplace_back(distance(actual[i], expected[i]), i);
  const size_t keep = std::min<size_t>(k, errors.size());
  auto worse = [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  };
  std::partial_sort(errors.begin(), errors.begin() + static_cast<std::ptrdiff_t>(keep),
                    errors.end(), worse);
  std::vector<ElementDiff> worst;
  for (size_t i = 0; i < keep; ++i) {
    const uint64_t at = errors[i].second;
    worst.push_back({unflatten(at, shape), actual[at], expected[at], errors[i].first});
  }
  return worst;
}

}  // namespace tessera::tools::run
