#include "tessera/sim/kernel_host/kernel_host_state.h"

#include "tessera/sim/jit/kernel_invocation.h"

namespace tessera::sim {

KernelHostState& KernelHostState::of(tessera_kernel_context* context) {
  return *static_cast<KernelHostState*>(KernelInvocation::of(context).device_state());
}

}  // namespace tessera::sim
