// atan2_binary_tile: odst = atan2(idst0, idst1), the angle of (x = idst1, y = idst0).
#pragma once

#include "api/compute/eltwise_binary_sfpu.h"

namespace ckernel {

TESSERA_SFPU_BINARY_OP(atan2_binary_tile, TESSERA_BINARY_ATAN2)

}  // namespace ckernel
