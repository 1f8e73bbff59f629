// Shifts of the integer values of one destination register by another's.
#pragma once

#include "api/compute/binary_bitwise_sfpu.h"

namespace ckernel {

ALWI void binary_shift_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT);
}
TESSERA_BITWISE_BINARY(binary_left_shift_tile, TESSERA_BINARY_LEFT_SHIFT)
TESSERA_BITWISE_BINARY(binary_right_shift_tile, TESSERA_BINARY_RIGHT_SHIFT)
TESSERA_BITWISE_BINARY(binary_logical_right_shift_tile, TESSERA_BINARY_LOGICAL_RIGHT_SHIFT)

}  // namespace ckernel
