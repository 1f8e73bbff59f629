// copy_dest_values: one destination register's values into another.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void copy_dest_values_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT);
}
template <DataFormat data_format = DataFormat::Float16_b>
ALWI void copy_dest_values(uint32_t idst_in, uint32_t idst_out) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_COPY_DST_TILE, idst_in, idst_out);
}

}  // namespace ckernel
