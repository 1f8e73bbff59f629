#include "worker.h"

#include <signal.h>

#include "fault_description.h"
#include "fiber_switch.h"

namespace tessera::sim {

bool Worker::ready_to_resume(Fiber& fiber) {
  if (fiber.state == FiberState::kReady) return true;
  if (fiber.state != FiberState::kBlocked) return false;
  const std::uint64_t epoch = run_.epoch();
  if (fiber.checked_epoch == epoch && fiber.checked_local_epoch == local_epoch_) {
    return false;  // nothing changed since
  }
  // Epoch read before the check: progress racing with it moves the epoch
  // again, so the fiber gets re-checked rather than missed. Local progress
  // only happens while one of this worker's fibers runs, which makes the
  // pass count as busy, so it never hides behind an idle wait.
  fiber.checked_epoch = epoch;
  fiber.checked_local_epoch = local_epoch_;
  return fiber.wait_ready();
}

void Worker::report_failure(Fiber& fiber) {
  Error error =
      fiber.fault.signal != 0 ? describe_fault(fiber.fault, fiber.stack) : std::move(*fiber.error);
  error.add_context("kernel '" + fiber.spec.kernel_name + "' on core " +
                    describe_core(fiber.spec.core));
  run_.fail(std::move(error));
}

bool Worker::try_claim(CoreGroup& group) {
  Worker* owner = nullptr;
  if (!group.owner.compare_exchange_strong(owner, this, std::memory_order_acq_rel)) return false;
  for (Fiber* fiber : group.fibers) fiber->worker = this;
  return true;
}

bool Worker::take_unstarted_core() {
  // A claimed group stays claimed, so each worker scans the pool once per run.
  while (unclaimed_end_ > 0) {
    CoreGroup& group = all_groups_[--unclaimed_end_];
    if (try_claim(group)) {
      taken_.push_back(&group);
      return true;
    }
  }
  return false;
}

// A turn ends when a round resumes nothing, when a fiber yields (it asked
// others to run), or after kMaxRounds (other cores get their turn even
// while this one keeps busy).
void Worker::run_core_turn(const std::vector<Fiber*>& core, PassResult& pass) {
  constexpr int kMaxRounds = 64;
  for (int round = 0; round < kMaxRounds; ++round) {
    bool progressed = false;
    bool yielded = false;
    for (Fiber* fiber : core) {
      if (run_.stopping()) {
        pass.stop = true;
        return;
      }
      if (fiber->state == FiberState::kFinished) continue;
      pass.unfinished = true;
      if (!ready_to_resume(*fiber)) continue;
      fiber->state = FiberState::kReady;
      switches_.store(switches_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
      switch_into(*fiber);
      switches_.store(switches_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
      progressed = pass.resumed_any = true;
      if (fiber->state == FiberState::kFailed) {
        report_failure(*fiber);
        pass.stop = true;
        return;
      }
      yielded = yielded || fiber->state == FiberState::kReady;
    }
    if (!progressed || yielded) return;
  }
}

bool Worker::interrupt_stalled_fiber(std::chrono::milliseconds limit) {
  std::lock_guard lock(thread_mutex_);
  if (!thread_running_) return false;
  stall_limit_ms_.store(limit.count(), std::memory_order_relaxed);
  stall_stop_requested_.store(true, std::memory_order_release);
  pthread_kill(thread_, SIGURG);
  return true;
}

void Worker::run() {
  {
    std::lock_guard lock(thread_mutex_);
    thread_ = pthread_self();
    thread_running_ = true;
  }
  struct LeaveThread {
    Worker& worker;
    ~LeaveThread() {
      std::lock_guard lock(worker.thread_mutex_);
      worker.thread_running_ = false;
    }
  } leave{*this};
  while (!run_.stopping()) {
    const std::uint64_t pass_epoch = run_.epoch();
    PassResult pass;
    // Claiming every unclaimed dealt core in each pass keeps the deadlock
    // rule sound: a worker with an unstarted core never goes idle.
    for (CoreGroup* group : dealt_) {
      if (group->owner.load(std::memory_order_acquire) != this && !try_claim(*group)) continue;
      run_core_turn(group->fibers, pass);
      if (pass.stop) return;
    }
    for (CoreGroup* group : taken_) {
      run_core_turn(group->fibers, pass);
      if (pass.stop) return;
    }
    const bool out_of_work = !pass.unfinished || !pass.resumed_any;
    if (out_of_work && take_unstarted_core()) continue;
    if (!pass.unfinished) {
      run_.retire(index_);
      return;
    }
    if (!pass.resumed_any && run_.wait_idle(index_, pass_epoch) == IdleOutcome::kStop) return;
  }
}

}  // namespace tessera::sim
