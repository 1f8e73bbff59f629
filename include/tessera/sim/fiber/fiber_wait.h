// What code running inside a fiber uses to block, signal progress and fail.
//
// Blocking is predicate-based: wait_until(ready, describe) parks the fiber
// until `ready()` is true. The scheduler re-evaluates parked predicates only
// after some fiber called notify_progress(), so anything that can unblock a
// waiter (a CB push, a semaphore write, a NoC write landing) must call it.
#pragma once

#include <string>

#include "tessera/base/status.h"
#include "tessera/sim/fiber/fiber_spec.h"
#include "tessera/sim/fiber/function_ref.h"

namespace tessera::sim {

// True while executing on a scheduler fiber (kernel code or host callbacks
// it calls).
bool in_fiber();

// The running fiber's kernel name and core; empty/zero outside a fiber.
const std::string& current_kernel_name();
CoreLabel current_core();

// Parks the current fiber until ready() returns true. `describe` says what
// it waits on ("cb 0: wants 2 pages, 0 available"); it is only called to
// report a deadlock. Both callables may be evaluated on the fiber's host
// thread while the fiber is parked; state they read that other cores write
// must be atomic. Returns an error only when called outside a fiber and
// ready() is false (nothing could ever make it true).
Status wait_until(FunctionRef<bool()> ready, FunctionRef<std::string()> describe);

// Lets other fibers of this thread run; the caller stays runnable.
void yield_now();

// Wakes parked fibers so their predicates are re-checked. Cheap (one atomic
// increment) when nobody is idle.
void notify_progress();

// Like notify_progress, for state only fibers of the caller's own core wait
// on (its CB counters). A core's fibers share one host thread, so this is a
// plain counter bump that no other worker sees or pays for.
void notify_core_progress();

// Where kernel code enters the host (every kernel API callback): if the
// stall watchdog asked to stop this fiber, it stops here. Its signal stops
// only kernel code; a kernel that loops over API calls spends most of its
// time in host code, where the host holds nothing at a callback's entry.
void stop_if_stall_requested();

// Ends the current fiber's program with `error`: the fiber is abandoned at
// this point (its stack is not unwound, so no exception ever crosses kernel
// code) and run() returns the error. Hold no owning objects on the stack
// when calling this; they would leak. Must be called inside a fiber; outside
// one it terminates the process, as that is a tessera bug.
[[noreturn]] void fail_current_fiber(Error error);

}  // namespace tessera::sim
