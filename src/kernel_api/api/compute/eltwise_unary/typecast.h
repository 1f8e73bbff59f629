// typecast_tile<IN, OUT>: the values of a destination register become what
// the OUT format holds (rounded to nearest even, integers saturated), as if
// packed to OUT and read back. IN and OUT are tt DataFormat codes.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

template <uint32_t in_dtype, uint32_t out_dtype>
ALWI void typecast_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, in_dtype, out_dtype);
}
ALWI void typecast_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT);
}
template <uint32_t in_dtype, uint32_t out_dtype, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void typecast_tile(uint32_t idst) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_TYPECAST_TILE, idst, in_dtype, out_dtype);
}

}  // namespace ckernel
