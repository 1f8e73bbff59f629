#include "tessera/sim/fiber/fiber_wait.h"

#include <signal.h>

#include <cstdio>
#include <exception>

#include "fiber_switch.h"
#include "worker.h"

namespace tessera::sim {

namespace {
const std::string kNoKernel;
}

bool in_fiber() {
  return current_fiber() != nullptr;
}

const std::string& current_kernel_name() {
  Fiber* fiber = current_fiber();
  return fiber != nullptr ? fiber->spec.kernel_name : kNoKernel;
}

CoreLabel current_core() {
  Fiber* fiber = current_fiber();
  return fiber != nullptr ? fiber->spec.core : CoreLabel{};
}

Status wait_until(FunctionRef<bool()> ready, FunctionRef<std::string()> describe) {
  Fiber* fiber = current_fiber();
  if (fiber == nullptr) {
    if (ready()) return ok_status();
    return make_error(ErrorCode::kInternal, "wait_until called outside a fiber on: ", describe());
  }
  Worker& worker = *fiber->worker;
  std::uint64_t epoch = worker.run_state().epoch();
  std::uint64_t local_epoch = worker.local_epoch();
  while (!ready()) {
    fiber->wait_ready = ready;
    fiber->wait_describe = describe;
    fiber->checked_epoch = epoch;
    fiber->checked_local_epoch = local_epoch;
    fiber->state = FiberState::kBlocked;
    switch_out(*fiber);
    epoch = worker.run_state().epoch();
    local_epoch = worker.local_epoch();
  }
  return ok_status();
}

void yield_now() {
  Fiber* fiber = current_fiber();
  if (fiber == nullptr) return;
  fiber->state = FiberState::kReady;
  switch_out(*fiber);
}

void notify_progress() {
  Fiber* fiber = current_fiber();
  if (fiber != nullptr) fiber->worker->run_state().notify_progress();
}

void notify_core_progress() {
  Fiber* fiber = current_fiber();
  if (fiber != nullptr) fiber->worker->notify_local_progress();
}

void stop_if_stall_requested() {
  Fiber* fiber = current_fiber();
  if (fiber == nullptr || !fiber->worker->stall_stop_requested()) return;
  // The watchdog's record, as its signal handler would write it; no address:
  // the kernel was in an API call.
  fiber->fault = FaultRecord{SIGURG, static_cast<int>(fiber->worker->stall_limit_ms()), nullptr};
  fiber->state = FiberState::kFailed;
  leave_for_good(*fiber);
}

void fail_current_fiber(Error error) {
  Fiber* fiber = current_fiber();
  if (fiber == nullptr) {
    std::fprintf(stderr, "tessera internal error: fail_current_fiber outside a fiber: %s\n",
                 error.describe().c_str());
    std::terminate();
  }
  fiber->error = std::move(error);
  fiber->state = FiberState::kFailed;
  leave_for_good(*fiber);
}

}  // namespace tessera::sim
