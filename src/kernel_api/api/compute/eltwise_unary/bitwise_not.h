// bitwise_not_tile: ~x on the int32 values of a destination register.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

TESSERA_SFPU_UNARY(bitwise_not, TESSERA_UNARY_BITWISE_NOT)

}  // namespace ckernel
