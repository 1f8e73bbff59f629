// Kernel traces kept from one program run to the next on a thread. A
// 1024^3 matmul records some 2 MB of timing events a run; taking fresh
// storage every run cost its page faults and its regrowth each time.
#pragma once

#include <memory>
#include <vector>

#include "tessera/sim/timing/kernel_trace.h"

namespace tessera::sim {

// An empty trace, with the storage of one an earlier run gave back on
// this thread if there is one.
std::unique_ptr<timing::KernelTrace> take_kernel_trace();

// Keeps `traces`' storage for this thread's next runs, up to a bound, and
// leaves `traces` empty.
void give_back_kernel_traces(std::vector<std::unique_ptr<timing::KernelTrace>>& traces);

}  // namespace tessera::sim
