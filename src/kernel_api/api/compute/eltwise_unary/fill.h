// fill_tile: every element of a destination register becomes one value.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

ALWI void fill_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_FILL);
}
ALWI void fill_tile(uint32_t idst, float value) {
  tessera_kernel::unary_tile(TESSERA_UNARY_FILL, idst, tessera_kernel::float_bits(value));
}
// The value's bits are a float.
ALWI void fill_tile_bitcast(uint32_t idst, uint32_t value_bits) {
  tessera_kernel::unary_tile(TESSERA_UNARY_FILL, idst, value_bits);
}
template <DataFormat data_format = DataFormat::Int32>
ALWI void fill_tile_int(uint32_t idst, uint32_t value) {
  static_assert(data_format == DataFormat::Int32 || data_format == DataFormat::UInt32 ||
                    data_format == DataFormat::UInt16,
                "fill_tile_int: the format must be Int32, UInt32 or UInt16");
  const float as_float = data_format == DataFormat::Int32
                             ? static_cast<float>(static_cast<int32_t>(value))
                             : static_cast<float>(value);
  tessera_kernel::unary_tile(TESSERA_UNARY_FILL, idst, tessera_kernel::float_bits(as_float));
}

}  // namespace ckernel
