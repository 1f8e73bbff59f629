#include "run_state.h"

#include <limits>

namespace tessera::sim {

namespace {
constexpr std::uint64_t kRetired = std::numeric_limits<std::uint64_t>::max();
}

RunState::RunState(std::size_t workers) : idle_epoch_(workers, 0) {}

void RunState::notify_progress() {
  epoch_.fetch_add(1, std::memory_order_seq_cst);
  // Pairs with wait_idle: it bumps idle_count_ before re-reading the epoch,
  // so either it sees the new epoch or we see it idle and wake it.
  if (idle_count_.load(std::memory_order_seq_cst) > 0) {
    { std::lock_guard lock(mutex_); }
    changed_.notify_all();
  }
}

void RunState::fail(Error error) {
  {
    std::lock_guard lock(mutex_);
    if (!error_) error_ = std::move(error);
    stop_.store(true, std::memory_order_release);
  }
  changed_.notify_all();
}

std::optional<Error> RunState::take_error() {
  std::lock_guard lock(mutex_);
  return std::move(error_);
}

bool RunState::all_idle_at(std::uint64_t epoch) const {
  for (std::uint64_t idle : idle_epoch_) {
    if (idle != kRetired && idle != epoch) return false;
  }
  return true;
}

IdleOutcome RunState::wait_idle(std::size_t index, std::uint64_t pass_epoch) {
  std::unique_lock lock(mutex_);
  idle_count_.fetch_add(1, std::memory_order_seq_cst);
  IdleOutcome outcome = IdleOutcome::kRetry;
  if (epoch() == pass_epoch && !stopping()) {
    idle_epoch_[index] = pass_epoch;
    changed_.notify_all();  // others may now see everyone idle
    while (true) {
      if (stopping()) {
        outcome = IdleOutcome::kStop;
        break;
      }
      if (epoch() != pass_epoch) break;
      if (all_idle_at(pass_epoch)) {
        deadlocked_.store(true, std::memory_order_release);
        stop_.store(true, std::memory_order_release);
        changed_.notify_all();
        outcome = IdleOutcome::kStop;
        break;
      }
      changed_.wait(lock);
    }
    idle_epoch_[index] = 0;
  }
  idle_count_.fetch_sub(1, std::memory_order_seq_cst);
  return outcome;
}

void RunState::retire(std::size_t index) {
  {
    std::lock_guard lock(mutex_);
    idle_epoch_[index] = kRetired;
  }
  changed_.notify_all();
}

}  // namespace tessera::sim
