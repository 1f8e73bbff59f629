// rdiv_tile: value / x for each element x of a destination register (value
// as float bits), then truncated or floored if the rounding mode says so.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

enum class RoundingMode : uint8_t { None = 0, Trunc = 1, Floor = 2 };

ALWI void rdiv_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, TESSERA_BINARY_RDIV);
}
template <RoundingMode rounding_mode = RoundingMode::None,
          bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void rdiv_tile(uint32_t dst_index, uint32_t value, VectorMode vector_mode = VectorMode::RC) {
  (void)vector_mode;
  tessera_kernel::scalar_tile(TESSERA_BINARY_RDIV, dst_index, value);
  if constexpr (rounding_mode == RoundingMode::Trunc) {
    tessera_kernel::unary_tile(TESSERA_UNARY_TRUNC, dst_index);
  } else if constexpr (rounding_mode == RoundingMode::Floor) {
    tessera_kernel::unary_tile(TESSERA_UNARY_FLOOR, dst_index);
  }
}

}  // namespace ckernel
