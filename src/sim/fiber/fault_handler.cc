#include "fault_handler.h"

#include <signal.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "fiber_switch.h"

namespace tessera::sim {

namespace {

constexpr std::array<int, 4> kFaultSignals = {SIGSEGV, SIGBUS, SIGILL, SIGFPE};
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
  fiber->fault = FaultRecord{signal, info->si_code, info->si_addr};
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
  });
}

void ensure_signal_stack() {
  thread_local SignalStack stack;
}

}  // namespace tessera::sim
