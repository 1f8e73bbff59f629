// How far a device result is from its float64 reference: Pearson
// correlation (PCC, what tt-metal's tests gate on) and the largest absolute
// difference.
#pragma once

#include <span>

namespace tessera::metal::testing {

struct ReferenceCheck {
  double pcc = 0;
  double max_abs_error = 0;
};

ReferenceCheck check_against(std::span<const float> actual, std::span<const double> expected);

}  // namespace tessera::metal::testing
