// A worker runs its share of a run's fibers round-robin on one host thread.
#pragma once

#include <cstddef>
#include <vector>

#include "fiber.h"
#include "run_state.h"

namespace tessera::sim {

class Worker {
 public:
  Worker(std::size_t index, RunState& run) : index_(index), run_(run) {}

  void add(Fiber* fiber) { fibers_.push_back(fiber); }
  RunState& run_state() { return run_; }

  // Runs until all its fibers finish or the run stops.
  void run();

  // The host thread's stack, learned at the first switch; sanitizer builds
  // need it to switch back.
  const void* thread_stack_bottom = nullptr;
  std::size_t thread_stack_size = 0;

 private:
  // True if `fiber` should be resumed now.
  bool ready_to_resume(Fiber& fiber);
  void report_failure(Fiber& fiber);

  std::size_t index_;
  RunState& run_;
  std::vector<Fiber*> fibers_;
};

}  // namespace tessera::sim
