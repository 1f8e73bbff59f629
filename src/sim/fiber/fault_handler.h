// Turns hardware faults (SIGSEGV, SIGBUS, SIGILL, SIGFPE) raised while a
// fiber runs into a failed fiber instead of a dead process.
//
// The handler runs on an alternate signal stack (so a fiber stack overflow
// can be handled), records the fault in the fiber without allocating and
// jumps back to the worker, abandoning the fiber. Faults outside fibers go
// to whatever handler was installed before (default: the process dies).
#pragma once

namespace tessera::sim {

// Idempotent; call before running fibers.
void install_fault_handlers();

// Gives the calling thread an alternate signal stack if it has none.
void ensure_signal_stack();

}  // namespace tessera::sim
