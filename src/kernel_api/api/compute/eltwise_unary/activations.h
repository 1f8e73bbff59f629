// Activation functions without parameters: hardsigmoid, softsign.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

TESSERA_SFPU_UNARY(hardsigmoid, TESSERA_UNARY_HARDSIGMOID)
TESSERA_SFPU_UNARY(softsign, TESSERA_UNARY_SOFTSIGN)

}  // namespace ckernel
