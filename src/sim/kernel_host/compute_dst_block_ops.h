// SFPU operations on blocks of Dst tiles: the top-K stages, sfpu_reduce and
// max_reduce_with_indices (sim/compute does the math).
#pragma once

#include "compute_operands.h"
#include "tessera/base/status.h"
#include "tessera/sim/dst/dst_registers.h"

namespace tessera::sim::kernel_host {

// TESSERA_COMPUTE_TOPK_LOCAL_SORT, _MERGE or _REBUILD.
Status topk_op(DstRegisters& dst, uint32_t op, ComputeOperands a);
Status sfpu_reduce_op(DstRegisters& dst, ComputeOperands a);
Status max_pool_with_indices_op(DstRegisters& dst, ComputeOperands a);

}  // namespace tessera::sim::kernel_host
