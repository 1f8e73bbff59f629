// Row-major <-> tile layout changes of the compute API: tilize_block,
// untilize_block and pack_untilize (from a CB or from Dst).
#pragma once

#include "compute_operands.h"
#include "tessera/base/status.h"
#include "tessera/sim/kernel_host/kernel_host_state.h"

namespace tessera::sim::kernel_host {

Status tilize_block_op(KernelHostState& state, ComputeKernelState& compute, ComputeOperands a);
Status untilize_block_op(KernelHostState& state, ComputeKernelState& compute, ComputeOperands a);
Status pack_untilize_op(KernelHostState& state, ComputeOperands a);
Status pack_untilize_dest_op(KernelHostState& state, ComputeKernelState& compute,
                             ComputeOperands a);

}  // namespace tessera::sim::kernel_host
