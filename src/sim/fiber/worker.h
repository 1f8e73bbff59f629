// A worker runs its share of a run's fibers on one host thread, a core at a
// time: a core's fibers run round after round while they make progress, so
// its L1 (CB pages, Dst) stays in the host's cache while its reader, compute
// and writer hand tiles to each other. Its share is the cores dealt to it
// plus unstarted cores it takes from the others when it runs out of work
// (core_group.h).
#pragma once

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <vector>

#include "core_group.h"
#include "fiber.h"
#include "run_state.h"

namespace tessera::sim {

class Worker {
 public:
  // `all_groups`: every core of the run, the pool unstarted cores are
  // taken from; it outlives the worker's run().
  Worker(std::size_t index, RunState& run, std::span<CoreGroup> all_groups)
      : index_(index), run_(run), all_groups_(all_groups) {}

  // A core this worker runs unless another worker takes it first.
  void deal(CoreGroup& group) { dealt_.push_back(&group); }
  RunState& run_state() { return run_; }
  // Progress only this worker's fibers can observe; touched only by the
  // worker's own thread, so no atomics.
  std::uint64_t local_epoch() const { return local_epoch_; }
  void notify_local_progress() { ++local_epoch_; }

  // Runs until all its fibers finish or the run stops.
  void run();

  // For the stall watchdog: bumped on every switch into a fiber and back,
  // so it is odd while a fiber runs. A value that stays odd and unchanged
  // for the stall limit is one fiber keeping the thread. (A counter, not a
  // clock read: it is on the path of every hand-off.)
  uint64_t switch_count() const { return switches_.load(std::memory_order_acquire); }
  // Asks the worker's thread to stop the running fiber: SIGURG stops it in
  // kernel code, stop_if_stall_requested at its next kernel API call.
  // False once the thread left run().
  bool interrupt_stalled_fiber(std::chrono::milliseconds limit);
  bool stall_stop_requested() const {
    return stall_stop_requested_.load(std::memory_order_acquire);
  }
  int64_t stall_limit_ms() const { return stall_limit_ms_.load(std::memory_order_relaxed); }

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

  // Makes this worker the owner of `group` if nobody is yet.
  bool try_claim(CoreGroup& group);
  // Claims an unstarted core dealt to another worker, latest dealt first
  // (its owner reaches it last). False if none is left.
  bool take_unstarted_core();
  // True if `fiber` should be resumed now.
  bool ready_to_resume(Fiber& fiber);
  void report_failure(Fiber& fiber);
  // Runs one core's fibers, round after round, while they make progress.
  void run_core_turn(const std::vector<Fiber*>& core, PassResult& pass);

  std::size_t index_;
  RunState& run_;
  std::span<CoreGroup> all_groups_;
  std::size_t unclaimed_end_ = all_groups_.size();  // groups at or past it are claimed
  std::vector<CoreGroup*> dealt_;                   // in the order dealt
  std::vector<CoreGroup*> taken_;                   // from other workers, in the order taken
  std::uint64_t local_epoch_ = 1;

  std::atomic<uint64_t> switches_{0};  // written by the worker's thread only
  std::atomic<bool> stall_stop_requested_{false};
  std::atomic<int64_t> stall_limit_ms_{0};
  // Guards signalling the thread against it leaving run() meanwhile.
  std::mutex thread_mutex_;
  pthread_t thread_{};
  bool thread_running_ = false;
};

}  // namespace tessera::sim
