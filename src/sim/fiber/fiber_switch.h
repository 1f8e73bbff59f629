// The context switches between a worker (a host thread's own stack) and the
// fibers it runs, with the sanitizer bookkeeping each switch needs.
#pragma once

#include "fiber.h"

namespace tessera::sim {

// The fiber running on this thread, or nullptr on the worker's own stack.
Fiber* current_fiber();

// Sets up `fiber` to start at its body on first switch_into().
void prepare_fiber(Fiber& fiber);

// Worker side: runs `fiber` until it suspends, finishes or fails.
void switch_into(Fiber& fiber);

// Fiber side: suspends back to the worker; returns when resumed.
void switch_out(Fiber& fiber);

// Fiber side (or a fault handler on its behalf): returns to the worker and
// never comes back; the fiber's stack is abandoned without unwinding.
[[noreturn]] void leave_for_good(Fiber& fiber);

}  // namespace tessera::sim
