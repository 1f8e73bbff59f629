#include "tessera/sim/compute/typecast.h"

#include <cmath>
#include <cstdint>

#include "tessera/sim/tile/element_convert.h"

namespace tessera::sim::compute {
namespace {

constexpr double kTwoTo31 = 2147483648.0;
constexpr double kTwoTo32 = 4294967296.0;

// The SFPU shifts the mantissa by the exponent: the fraction is dropped, and
// an exponent of 31 or more (NaN and infinities included) saturates to INT_MIN
// whatever the sign.
float to_int32(float value) {
  const double magnitude = std::fabs(static_cast<double>(value));
  if (!(magnitude < kTwoTo31)) return static_cast<float>(INT32_MIN);
  return static_cast<float>(std::trunc(static_cast<double>(value)));
}

// Lanes with the sign bit set keep 0; an exponent of 32 or more saturates.
float to_uint32(float value) {
  if (std::signbit(value)) return 0.0f;
  const double v = value;
  if (!(v < kTwoTo32)) return static_cast<float>(UINT32_MAX);
  return static_cast<float>(std::trunc(v));
}

}  // namespace

Status typecast(tile::DataFormat to, std::span<float> values) {
  switch (to) {
    case tile::DataFormat::kInt32:
      for (float& v : values) v = to_int32(v);
      return ok_status();
    case tile::DataFormat::kUInt32:
      for (float& v : values) v = to_uint32(v);
      return ok_status();
    case tile::DataFormat::kUInt16:
      for (float& v : values) v = v > 0.0f ? v : 0.0f;  // NaN becomes 0 too
      return tile::round_to_format(to, values);
    default:
      return tile::round_to_format(to, values);
  }
}

}  // namespace tessera::sim::compute
