// A worker runs its share of a run's fibers on one host thread, a core at a
// time: a core's fibers run round after round while they make progress, so
// its L1 (CB pages, Dst) stays in the host's cache while its reader, compute
// and writer hand tiles to each other.
#pragma once

#include <cstddef>
#include <vector>

#include "fiber.h"
#include "run_state.h"

namespace tessera::sim {

class Worker {
 public:
  Worker(std::size_t index, RunState& run) : index_(index), run_(run) {}

  // `core_slot`: dense index, on this worker, of the core the fiber runs on.
  void add(Fiber* fiber, std::size_t core_slot);
  RunState& run_state() { return run_; }
  // Progress only this worker's fibers can observe; touched only by the
  // worker's own thread, so no atomics.
  std::uint64_t local_epoch() const { return local_epoch_; }
  void notify_local_progress() { ++local_epoch_; }

  // Runs until all its fibers finish or the run stops.
  void run();

  // The host thread's stack, learned at the first switch; sanitizer builds
  // need it to switch back.
  const void* thread_stack_bottom = nullptr;
  std::size_t thread_stack_size = 0;

 private:
  struct PassResult {
    bool resumed_any = false;
    bool unfinished = false;
    bool stop = false;
  };

  // True if `fiber` should be resumed now.
  bool ready_to_resume(Fiber& fiber);
  void report_failure(Fiber& fiber);
  // Runs one core's fibers, round after round, while they make progress.
  void run_core_turn(const std::vector<Fiber*>& core, PassResult& pass);

  std::size_t index_;
  RunState& run_;
  std::vector<std::vector<Fiber*>> cores_;  // fibers by core, in the order added
  std::uint64_t local_epoch_ = 1;
};

}  // namespace tessera::sim
