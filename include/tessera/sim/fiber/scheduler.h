// Runs a program's kernels as cooperative fibers on a pool of host threads.
//
// Every fiber runs until it finishes or blocks in wait_until (fiber_wait.h).
// A run ends when all fibers finish, when one fails (a fault, or an error
// raised from inside a fiber; the others are then abandoned), or when every
// unfinished fiber is blocked: a deadlock, reported at once with each
// fiber's core, kernel and what it waits on.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/fiber/fiber_spec.h"

namespace tessera::sim {

struct SchedulerOptions {
  // Host threads to run fibers on; 0 means one per hardware thread. Fibers
  // of one core always share a thread, so more threads than cores is moot.
  unsigned threads = 0;
  // One thread, cores taken in the order their first fiber was added and a
  // core's fibers in the order added: the same program always produces the
  // same interleaving.
  bool deterministic = false;
  // Usable bytes per fiber stack; a guard page below it turns an overflow
  // into a reported fault.
  std::size_t stack_size = 256 * 1024;
  // A fiber running this long without blocking or finishing is stopped
  // (if it is in kernel code; abandonable_code.h) and fails the run as
  // stalled: an endless loop, or polling L1 by hand instead of through a
  // wait. 0 turns the watchdog off.
  std::chrono::milliseconds stall_limit{30'000};
};

class Scheduler {
 public:
  explicit Scheduler(SchedulerOptions options = {});
  ~Scheduler();
  Scheduler(const Scheduler&) = delete;
  Scheduler& operator=(const Scheduler&) = delete;

  const SchedulerOptions& options() const { return options_; }

  // Queues a fiber for the next run().
  void add(FiberSpec spec);
  std::size_t pending() const { return pending_.size(); }

  // Runs every queued fiber to completion and clears the queue. The
  // scheduler is reusable afterwards whatever the outcome.
  Status run();

 private:
  SchedulerOptions options_;
  std::vector<FiberSpec> pending_;
};

}  // namespace tessera::sim
