// sqrt_tile: elementwise sqrt of a destination register, in place.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

TESSERA_SFPU_UNARY(sqrt, TESSERA_UNARY_SQRT)

}  // namespace ckernel
