// where_tile: odst = idst0 != 0 ? idst1 : idst2, element by element.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

ALWI void where_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT);
}
template <DataFormat data_format = DataFormat::Float16_b>
ALWI void where_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_WHERE_TILE, idst0, idst1, idst2, odst);
}

}  // namespace ckernel
