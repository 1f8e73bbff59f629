#include "fiber_switch.h"

#include <exception>

#include "sanitizer_hooks.h"
#include "worker.h"

namespace tessera::sim {

namespace ctx = boost::context::detail;

namespace {

thread_local Fiber* t_current_fiber = nullptr;

void run_body(Fiber& fiber) {
  // Host-side bodies (tests, tools) may throw; kernel code never does.
  try {
    fiber.spec.body();
    fiber.state = FiberState::kFinished;
  } catch (const std::exception& exception) {
    fiber.error = make_error(ErrorCode::kKernelFault, "threw an exception: ", exception.what());
    fiber.state = FiberState::kFailed;
  } catch (...) {
    fiber.error = make_error(ErrorCode::kKernelFault, "threw a non-standard exception");
    fiber.state = FiberState::kFailed;
  }
}

void fiber_entry(ctx::transfer_t from_worker) {
  auto* fiber = static_cast<Fiber*>(from_worker.data);
  fiber->worker_context = from_worker.fctx;
  sanitizer_finish_switch(nullptr, &fiber->worker->thread_stack_bottom,
                          &fiber->worker->thread_stack_size);
  run_body(*fiber);
  leave_for_good(*fiber);
}

}  // namespace

Fiber* current_fiber() {
  return t_current_fiber;
}

void prepare_fiber(Fiber& fiber) {
  fiber.context = ctx::make_fcontext(fiber.stack.top(), fiber.stack.usable_size(), &fiber_entry);
}

void switch_into(Fiber& fiber) {
  t_current_fiber = &fiber;
  if (fiber.spec.on_resume != nullptr) fiber.spec.on_resume(fiber.spec.on_resume_arg);
  void* fake_stack = nullptr;
  sanitizer_start_switch(&fake_stack, fiber.stack.usable_bottom(), fiber.stack.usable_size());
  ctx::transfer_t back = ctx::jump_fcontext(fiber.context, &fiber);
  sanitizer_finish_switch(fake_stack, nullptr, nullptr);
  fiber.context = back.fctx;
  t_current_fiber = nullptr;
}

void switch_out(Fiber& fiber) {
  Worker& worker = *fiber.worker;
  sanitizer_start_switch(&fiber.sanitizer_fake_stack, worker.thread_stack_bottom,
                         worker.thread_stack_size);
  ctx::transfer_t resumed = ctx::jump_fcontext(fiber.worker_context, nullptr);
  fiber.worker_context = resumed.fctx;
  sanitizer_finish_switch(fiber.sanitizer_fake_stack, &worker.thread_stack_bottom,
                          &worker.thread_stack_size);
}

void leave_for_good(Fiber& fiber) {
  Worker& worker = *fiber.worker;
  sanitizer_start_switch(nullptr, worker.thread_stack_bottom, worker.thread_stack_size);
  ctx::jump_fcontext(fiber.worker_context, nullptr);
  __builtin_unreachable();
}

}  // namespace tessera::sim
