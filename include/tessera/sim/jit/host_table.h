// The host side of the kernel ABI: the callback table kernels call into.
#pragma once

#include "tessera/sim/jit/kernel_abi.h"

namespace tessera::sim {

// The table installed into kernels by default. Implemented: fail and the
// DPRINT stream. Circular buffers, NoC, semaphores, address generation and
// compute end the kernel's program with an "unimplemented" error until the
// device layers provide them (they build their own table starting from
// this one and replace those entries).
const tessera_host_table& default_host_table();

}  // namespace tessera::sim
