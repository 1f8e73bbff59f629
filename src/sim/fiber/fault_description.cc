#include "fault_description.h"

#include <signal.h>

#include <sstream>
#include <string>

namespace tessera::sim {

namespace {

const char* signal_meaning(int signal, int code) {
  switch (signal) {
    case SIGSEGV:
      return code == SEGV_ACCERR ? "SIGSEGV (access to protected memory)"
                                 : "SIGSEGV (access to unmapped memory)";
    case SIGBUS:
      return "SIGBUS (misaligned or nonexistent physical address)";
    case SIGILL:
      return "SIGILL (illegal instruction)";
    case SIGFPE:
      return code == FPE_INTDIV ? "SIGFPE (integer division by zero)"
                                : "SIGFPE (arithmetic exception)";
    default:
      return "unexpected signal";
  }
}

std::string address_text(const void* address) {
  std::ostringstream text;
  text << address;
  return text.str();
}

}  // namespace

Error describe_fault(const FaultRecord& fault, const FiberStack& stack) {
  if (fault.signal == SIGURG) {  // the stall watchdog; code holds its limit in ms
    const std::string where = fault.address != nullptr ? "at " + address_text(fault.address)
                                                       : std::string("in a kernel API call");
    return make_error(ErrorCode::kKernelFault, "stalled: ran ", fault.code / 1000.0,
                      " s without waiting or finishing and was stopped ", where,
                      " (an endless loop, or polling L1 by hand instead of cb_wait_front / "
                      "noc_semaphore_wait?)");
  }
  if (fault.signal == SIGSYS) {
    return make_error(ErrorCode::kKernelFault, "tried system call ", fault.code,
                      " and was stopped: kernels cannot reach the host (files, processes, "
                      "sockets and other system calls are refused to them)");
  }
  if (fault.signal == SIGSEGV && stack.guard_contains(fault.address)) {
    return make_error(ErrorCode::kKernelFault, "crashed: stack overflow (the fiber stack has ",
                      stack.usable_size() / 1024, " KiB; fault at guard page address ",
                      fault.address, ")");
  }
  return make_error(ErrorCode::kKernelFault, "crashed: ", signal_meaning(fault.signal, fault.code),
                    " at address ", fault.address);
}

}  // namespace tessera::sim
