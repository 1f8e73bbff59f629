// Rounding of a destination register, in place: floor, ceil, trunc and
// the fractional part. One init for all of them, as in tt-metal.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

ALWI void rounding_op_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_FLOOR);
}
TESSERA_SFPU_UNARY(floor, TESSERA_UNARY_FLOOR)
TESSERA_SFPU_UNARY(ceil, TESSERA_UNARY_CEIL)
TESSERA_SFPU_UNARY(trunc, TESSERA_UNARY_TRUNC)
TESSERA_SFPU_UNARY(frac, TESSERA_UNARY_FRAC)

}  // namespace ckernel
