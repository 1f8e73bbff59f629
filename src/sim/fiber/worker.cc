#include "worker.h"

#include "fault_description.h"
#include "fiber_switch.h"

namespace tessera::sim {

bool Worker::ready_to_resume(Fiber& fiber) {
  if (fiber.state == FiberState::kReady) return true;
  if (fiber.state != FiberState::kBlocked) return false;
  const std::uint64_t epoch = run_.epoch();
  if (fiber.checked_epoch == epoch) return false;  // nothing changed since
  // Epoch read before the check: progress racing with it moves the epoch
  // again, so the fiber gets re-checked rather than missed.
  fiber.checked_epoch = epoch;
  return fiber.wait_ready();
}

void Worker::report_failure(Fiber& fiber) {
  Error error =
      fiber.fault.signal != 0 ? describe_fault(fiber.fault, fiber.stack) : std::move(*fiber.error);
  error.add_context("kernel '" + fiber.spec.kernel_name + "' on core " +
                    describe_core(fiber.spec.core));
  run_.fail(std::move(error));
}

void Worker::run() {
  while (!run_.stopping()) {
    const std::uint64_t pass_epoch = run_.epoch();
    bool resumed_any = false;
    bool unfinished = false;
    for (Fiber* fiber : fibers_) {
      if (run_.stopping()) return;
      if (fiber->state == FiberState::kFinished) continue;
      unfinished = true;
      if (!ready_to_resume(*fiber)) continue;
      fiber->state = FiberState::kReady;
      switch_into(*fiber);
      resumed_any = true;
      if (fiber->state == FiberState::kFailed) {
        report_failure(*fiber);
        return;
      }
    }
    if (!unfinished) {
      run_.retire(index_);
      return;
    }
    if (!resumed_any && run_.wait_idle(index_, pass_epoch) == IdleOutcome::kStop) return;
  }
}

}  // namespace tessera::sim
