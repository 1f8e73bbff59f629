// mul_int_tile: integer mul of two destination registers into a third
// (Dst holds integers as exact floats; exact up to 2^24).
#pragma once

#include "api/compute/binary_bitwise_sfpu.h"

namespace ckernel {

template <DataFormat data_format = DataFormat::Int32>
ALWI void mul_int_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, TESSERA_BINARY_MUL);
}
TESSERA_BITWISE_BINARY(mul_int_tile, TESSERA_BINARY_MUL)

}  // namespace ckernel
