#include "fault_handler.h"

#include <signal.h>
#include <ucontext.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "fiber_switch.h"
#include "tessera/sim/fiber/abandonable_code.h"
#include "worker.h"

namespace tessera::sim {

namespace {

// SIGSYS: a system call a device process's filter refuses (sandbox.h).
constexpr std::array<int, 5> kFaultSignals = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGSYS};
// Indexed by signal number; written once under call_once, then read-only.
struct sigaction g_previous[65];

void forward_to_previous(int signal, siginfo_t* info, void* context) {
  const struct sigaction& previous = g_previous[signal];
  if ((previous.sa_flags & SA_SIGINFO) != 0 && previous.sa_sigaction != nullptr) {
    previous.sa_sigaction(signal, info, context);
    return;
  }
  if (previous.sa_handler == SIG_DFL || previous.sa_handler == SIG_IGN) {
    // Returning re-executes the faulting instruction under the default
    // action, which ends the process as it would have without us.
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    sigaction(signal, &fallback, nullptr);
    return;
  }
  previous.sa_handler(signal);
}

void on_fault(int signal, siginfo_t* info, void* context) {
  Fiber* fiber = current_fiber();
  if (fiber == nullptr || fiber->state == FiberState::kFailed) {
    forward_to_previous(signal, info, context);
    return;
  }
  // For SIGSYS the refused system call's number says more than si_code.
  const int code = signal == SIGSYS ? info->si_syscall : info->si_code;
  fiber->fault = FaultRecord{signal, code, info->si_addr};
  fiber->state = FiberState::kFailed;
  leave_for_good(*fiber);
}

std::uintptr_t interrupted_instruction(void* context) {
#if defined(__x86_64__)
  return static_cast<std::uintptr_t>(static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return static_cast<std::uintptr_t>(static_cast<ucontext_t*>(context)->uc_mcontext.pc);
#else
  (void)context;
  return 0;  // unknown: never abandon
#endif
}

// The stall watchdog's request (stall_watchdog.h). Anyone else's SIGURG
// goes to whoever had it before (by default it is ignored).
void on_stall_request(int signal, siginfo_t* info, void* context) {
  Fiber* fiber = current_fiber();
  if (fiber == nullptr || fiber->state == FiberState::kFailed ||
      !fiber->worker->stall_stop_requested()) {
    const struct sigaction& previous = g_previous[signal];
    if ((previous.sa_flags & SA_SIGINFO) != 0 && previous.sa_sigaction != nullptr) {
      previous.sa_sigaction(signal, info, context);
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
      previous.sa_handler(signal);
    }
    return;
  }
  const std::uintptr_t instruction = interrupted_instruction(context);
  // In tessera or libc code the thread may hold a lock; the watchdog asks
  // again shortly, and a spinning kernel spends its time in its own code.
  if (!in_abandonable_code(instruction)) return;
  fiber->fault = FaultRecord{signal, static_cast<int>(fiber->worker->stall_limit_ms()),
                             reinterpret_cast<const void*>(instruction)};
  fiber->state = FiberState::kFailed;
  leave_for_good(*fiber);
}

struct SignalStack {
  SignalStack() {
    stack_t current{};
    if (sigaltstack(nullptr, &current) == 0 && (current.ss_flags & SS_DISABLE) == 0) return;
    memory = std::malloc(kSize);
    if (memory == nullptr) return;
    stack_t mine{};
    mine.ss_sp = memory;
    mine.ss_size = kSize;
    if (sigaltstack(&mine, nullptr) != 0) {
      std::free(memory);
      memory = nullptr;
    }
  }
  ~SignalStack() {
    if (memory == nullptr) return;
    stack_t off{};
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
    std::free(memory);
  }
  static constexpr std::size_t kSize = 64 * 1024;
  void* memory = nullptr;
};

}  // namespace

void install_fault_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int signal : kFaultSignals) {
      struct sigaction action {};
      action.sa_sigaction = &on_fault;
      // SA_NODEFER: we leave the handler by jumping, never through
      // sigreturn, so the signal must not stay blocked afterwards.
      action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
      sigemptyset(&action.sa_mask);
      sigaction(signal, &action, &g_previous[signal]);
    }
    struct sigaction stall {};
    stall.sa_sigaction = &on_stall_request;
    stall.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER | SA_RESTART;
    sigemptyset(&stall.sa_mask);
    sigaction(SIGURG, &stall, &g_previous[SIGURG]);
  });
}

void ensure_signal_stack() {
  thread_local SignalStack stack;
}

}  // namespace tessera::sim
