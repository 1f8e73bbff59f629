// compute_kernel_hw_startup: the one-time unpack/math/pack configuration a
// compute kernel runs first; the simulator has no hardware state to set.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void compute_kernel_hw_startup(uint32_t icb0, uint32_t icb1, uint32_t ocb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb0, icb1, ocb);
}
ALWI void compute_kernel_hw_startup(uint32_t icb0, uint32_t ocb) {
  compute_kernel_hw_startup(icb0, icb0, ocb);
}

}  // namespace ckernel
