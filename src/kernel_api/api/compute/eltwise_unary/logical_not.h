// logical_not_tile: 1 where a destination register is 0, else 0.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

ALWI void logical_not_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_LOGICAL_NOT);
}
template <DataFormat data_format = DataFormat::Float16_b>
ALWI void logical_not_tile(uint32_t idst) {
  tessera_kernel::unary_tile(TESSERA_UNARY_LOGICAL_NOT, idst);
}
// The earlier spelling.
ALWI void logical_not_unary_tile_init() {
  logical_not_tile_init();
}
ALWI void logical_not_unary_tile(uint32_t idst) {
  logical_not_tile(idst);
}

}  // namespace ckernel
