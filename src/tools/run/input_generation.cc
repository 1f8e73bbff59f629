#include "input_generation.h"

#include <cmath>
#include <numbers>
#include <random>

namespace tessera::tools::run {
namespace {

// Box-Muller on mt19937_64 bits: std::normal_distribution differs between
// standard libraries, and inputs must not.
std::vector<double> standard_normal(uint64_t seed, uint32_t input_index, uint64_t count) {
  std::seed_seq seeds{static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32), input_index};
  std::mt19937_64 bits(seeds);
  auto uniform = [&bits] {  // (0, 1]
    return (static_cast<double>(bits() >> 11) + 1.0) * 0x1p-53;
  };
  std::vector<double> values(count);
  for (uint64_t i = 0; i < count; i += 2) {
    double radius = std::sqrt(-2.0 * std::log(uniform()));
    double angle = 2.0 * std::numbers::pi * uniform();
    values[i] = radius * std::cos(angle);
    if (i + 1 < count) values[i + 1] = radius * std::sin(angle);
  }
  return values;
}

}  // namespace

std::vector<double> generate_input_values(InputInit init, uint64_t seed, uint32_t input_index,
                                          uint64_t count) {
  switch (init) {
    case InputInit::kRandn:
      return standard_normal(seed, input_index, count);
    case InputInit::kArange: {
      std::vector<double> values(count);
      for (uint64_t i = 0; i < count; ++i) values[i] = static_cast<double>(i);
      return values;
    }
    case InputInit::kZeros:
      return std::vector<double>(count, 0.0);
    case InputInit::kOnes:
      return std::vector<double>(count, 1.0);
  }
  return std::vector<double>(count, 0.0);
}

}  // namespace tessera::tools::run
