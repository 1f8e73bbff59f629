// Trigonometric functions of a destination register, in place.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

TESSERA_SFPU_UNARY(sin, TESSERA_UNARY_SIN)
TESSERA_SFPU_UNARY(cos, TESSERA_UNARY_COS)
TESSERA_SFPU_UNARY(tan, TESSERA_UNARY_TAN)
TESSERA_SFPU_UNARY(asin, TESSERA_UNARY_ASIN)
TESSERA_SFPU_UNARY(acos, TESSERA_UNARY_ACOS)
TESSERA_SFPU_UNARY(atan, TESSERA_UNARY_ATAN)

}  // namespace ckernel
