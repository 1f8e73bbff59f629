// The sandbox a device process runs kernels in: whatever a kernel does, the
// process can reach nothing of the host but its shared chip memory and the
// control socket to the host.
//
// - Landlock: the file system is read-only beneath the kernel cache's
//   object directory (dlopen needs it) and closed everywhere else; no TCP;
//   no signals or abstract sockets outside the sandbox (where the kernel
//   supports those rights).
// - seccomp-bpf (every thread): only the system calls the scheduler, the
//   allocator and the loader need. Others (open outside Landlock's reach is
//   already denied; socket, fork, execve, kill, ptrace, ...) raise SIGSYS,
//   which the fault handler turns into a failure of the kernel that tried.
// - Resource limits: no core dumps, no file growth, few descriptors, and
//   an address-space ceiling (the per-device memory limit).
#pragma once

#include <cstdint>
#include <string>

#include "tessera/base/status.h"

namespace tessera::sim {

struct SandboxPolicy {
  std::string readable_directory;    // kernel objects; empty: no file access at all
  uint64_t address_space_bytes = 0;  // 0: no address-space limit
};

// What this host's kernel offers; the sandbox needs Landlock and seccomp.
struct SandboxSupport {
  int landlock_abi = 0;  // 0: unavailable
  bool seccomp = false;
  std::string describe() const;
};
SandboxSupport sandbox_support();

// Enters the sandbox for the whole process (all threads). Irreversible.
// Fails, leaving the process as it was as far as possible, if Landlock or
// seccomp is unavailable.
Status enter_sandbox(const SandboxPolicy& policy);

// The system-call name for a number, for messages ("openat", "socket"...);
// "system call N" for numbers it does not know.
std::string system_call_name(long number);

}  // namespace tessera::sim
