// sub_int_tile: integer sub of two destination registers into a third
// (Dst holds integers as exact floats; exact up to 2^24).
#pragma once

#include "api/compute/binary_bitwise_sfpu.h"

namespace ckernel {

template <DataFormat data_format = DataFormat::Int32>
ALWI void sub_int_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, TESSERA_BINARY_SUB);
}
TESSERA_BITWISE_BINARY(sub_int_tile, TESSERA_BINARY_SUB)

}  // namespace ckernel
