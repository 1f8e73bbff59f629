// The host callback table that binds the kernel ABI to the simulated chip:
// circular buffers, NoC transfers, semaphores, bank addressing and the
// compute engine. Kernels run with it need a KernelHostState as their
// invocation's device state (the program run sets it up).
#pragma once

#include "tessera/sim/jit/kernel_abi.h"

namespace tessera::sim {

const tessera_host_table& kernel_host_table();

}  // namespace tessera::sim
