// State shared by all workers of one Scheduler::run(): the progress epoch,
// which workers are idle, and how the run ended.
//
// Deadlock rule: every worker that still has unfinished fibers is idle, and
// each went idle after re-checking all its parked fibers at the *current*
// epoch. A worker running a fiber is never idle, so a fiber that could still
// make progress anywhere rules out a deadlock report.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::sim {

enum class IdleOutcome { kRetry, kStop };

class RunState {
 public:
  explicit RunState(std::size_t workers);

  std::uint64_t epoch() const { return epoch_.load(std::memory_order_seq_cst); }
  void notify_progress();

  bool stopping() const { return stop_.load(std::memory_order_acquire); }
  // Records the run's first error and makes every worker stop.
  void fail(Error error);
  std::optional<Error> take_error();
  bool deadlocked() const { return deadlocked_.load(std::memory_order_acquire); }

  // Worker `index` found nothing to run in a pass that started at
  // `pass_epoch`. Blocks until something changes. When this completes a
  // deadlock, the run stops and deadlocked() turns true.
  IdleOutcome wait_idle(std::size_t index, std::uint64_t pass_epoch);
  // Worker `index` has no unfinished fibers left.
  void retire(std::size_t index);

 private:
  bool all_idle_at(std::uint64_t epoch) const;

  std::atomic<std::uint64_t> epoch_{1};
  std::atomic<int> idle_count_{0};
  std::atomic<bool> stop_{false};
  std::atomic<bool> deadlocked_{false};

  std::mutex mutex_;
  std::condition_variable changed_;
  // Per worker: the epoch it went idle at, 0 when busy; kRetired when done.
  std::vector<std::uint64_t> idle_epoch_;
  std::optional<Error> error_;
};

}  // namespace tessera::sim
