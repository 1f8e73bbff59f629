// typecast_tile: Dst values become what the output format holds, with the
// SFPU's conversions (tt-llk's ckernel_sfpu_typecast.h):
// - to Int32: truncated toward zero; |x| >= 2^31, infinities and NaN give
//   INT32_MIN;
// - to UInt32: truncated toward zero; negative values (and -NaN) give 0,
//   x >= 2^32, +inf and +NaN give UINT32_MAX;
// - to UInt16: max(x, 0), then rounded to nearest even and clamped to 65535;
// - to float formats: rounded to nearest even (tile/element_convert.h);
//   block-float targets need whole tiles.
#pragma once

#include <span>

#include "tessera/base/status.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::sim::compute {

Status typecast(tile::DataFormat to, std::span<float> values);

}  // namespace tessera::sim::compute
