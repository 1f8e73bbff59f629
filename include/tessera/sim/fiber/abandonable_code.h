// Code a stalled fiber may be stopped in: the text of loaded device kernels.
//
// A kernel that spins forever (polling L1 by hand instead of waiting through
// the API, a loop with a wrong bound) never returns to the scheduler. The
// stall watchdog (SchedulerOptions::stall_limit) interrupts its thread and
// abandons the fiber, but only when the interrupted instruction is kernel
// code: kernels own no host locks or heap, while tessera or libc code on
// the same stack might. Registration and lookup are lock-free, so the
// signal handler can ask.
#pragma once

#include <cstdint>

namespace tessera::sim {

// Registers [begin, end); returns a slot for unregistering, or -1 when the
// table is full (the code then simply is never interrupted).
int register_abandonable_code(std::uintptr_t begin, std::uintptr_t end);
void unregister_abandonable_code(int slot);

// Async-signal-safe.
bool in_abandonable_code(std::uintptr_t address);

}  // namespace tessera::sim
