#include "tessera/sim/isolation/sandbox.h"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <utility>
#include <vector>

namespace tessera::sim {
namespace {

// The system calls a device process makes: the fiber scheduler and its
// threads, malloc, the dynamic loader opening kernel objects (under
// Landlock), the control socket, signals for faults and the watchdog.
constexpr std::pair<long, const char*> kAllowed[] = {
    {SYS_read, "read"},
    {SYS_write, "write"},
    {SYS_readv, "readv"},
    {SYS_writev, "writev"},
    {SYS_pread64, "pread64"},
    {SYS_recvmsg, "recvmsg"},
    {SYS_sendmsg, "sendmsg"},
    {SYS_recvfrom, "recvfrom"},
    {SYS_sendto, "sendto"},
    {SYS_close, "close"},
    {SYS_openat, "openat"},
    {SYS_fstat, "fstat"},
    {SYS_newfstatat, "newfstatat"},
    {SYS_statx, "statx"},
    {SYS_lseek, "lseek"},
    {SYS_fcntl, "fcntl"},
    {SYS_getdents64, "getdents64"},
    {SYS_mmap, "mmap"},
    {SYS_munmap, "munmap"},
    {SYS_mprotect, "mprotect"},
    {SYS_madvise, "madvise"},
    {SYS_mincore, "mincore"},
    {SYS_mremap, "mremap"},
    {SYS_brk, "brk"},
    {SYS_futex, "futex"},
    {SYS_sched_yield, "sched_yield"},
    {SYS_sched_getaffinity, "sched_getaffinity"},
    {SYS_nanosleep, "nanosleep"},
    {SYS_clock_nanosleep, "clock_nanosleep"},
    {SYS_clock_gettime, "clock_gettime"},
    {SYS_gettimeofday, "gettimeofday"},
    {SYS_getpid, "getpid"},
    {SYS_gettid, "gettid"},
    {SYS_rt_sigaction, "rt_sigaction"},
    {SYS_rt_sigprocmask, "rt_sigprocmask"},
    {SYS_rt_sigreturn, "rt_sigreturn"},
    {SYS_sigaltstack, "sigaltstack"},
    {SYS_set_robust_list, "set_robust_list"},
    {SYS_rseq, "rseq"},
    {SYS_poll, "poll"},
    {SYS_ppoll, "ppoll"},
    {SYS_getrandom, "getrandom"},
    {SYS_prlimit64, "prlimit64"},
    {SYS_exit, "exit"},
    {SYS_exit_group, "exit_group"},
};

// Named so that refusals read well.
constexpr std::pair<long, const char*> kRefusedNames[] = {
    {SYS_socket, "socket"},     {SYS_connect, "connect"},
    {SYS_bind, "bind"},         {SYS_fork, "fork"},
    {SYS_vfork, "vfork"},       {SYS_execve, "execve"},
    {SYS_execveat, "execveat"}, {SYS_kill, "kill"},
    {SYS_ptrace, "ptrace"},     {SYS_unlink, "unlink"},
    {SYS_unlinkat, "unlinkat"}, {SYS_open, "open"},
    {SYS_creat, "creat"},       {SYS_rename, "rename"},
    {SYS_mkdir, "mkdir"},       {SYS_chmod, "chmod"},
    {SYS_ioctl, "ioctl"},       {SYS_prctl, "prctl"},
    {SYS_clone, "clone"},       {SYS_clone3, "clone3"},
    {SYS_tgkill, "tgkill"},     {SYS_memfd_create, "memfd_create"},
    {SYS_mount, "mount"},       {SYS_setrlimit, "setrlimit"},
};

using Program = std::vector<sock_filter>;

void allow_if_equal(Program& program, uint32_t value) {
  program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, value, 0, 1));
  program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
}

// clone: threads only (CLONE_THREAD set), never new processes. clone3 takes
// its flags in memory, out of a filter's reach: it fails with ENOSYS, and
// glibc falls back to clone. tgkill: only this process's threads (the stall
// watchdog signals a worker).
void add_special_cases(Program& program, uint32_t own_pid) {
  const uint32_t arg0 = offsetof(seccomp_data, args[0]);
  program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 4));
  program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, arg0));
  program.push_back(BPF_STMT(BPF_ALU | BPF_AND | BPF_K, CLONE_THREAD));
  program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, CLONE_THREAD, 0, 1));
  program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)));
  program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1));
  program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS));
  program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_tgkill, 0, 3));
  program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, arg0));
  program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, own_pid, 0, 1));
  program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
}

Program seccomp_program() {
  Program program;
  program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)));
  program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0));
  program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
  program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)));
  // x32 system calls share the architecture; refuse them outright.
  program.push_back(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));
  program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
  for (const auto& [number, name] : kAllowed)
    allow_if_equal(program, static_cast<uint32_t>(number));
  add_special_cases(program, static_cast<uint32_t>(getpid()));
  program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP));
  return program;
}

Status install_seccomp() {
  Program program = seccomp_program();
  sock_fprog filter{static_cast<unsigned short>(program.size()), program.data()};
  // SPEC_ALLOW: without it, kernels before 5.16 (and later ones booted with
  // spec_store_bypass_disable=seccomp) turn on the speculative store bypass
  // mitigation for every filtered process, which slows the loads and stores
  // kernels are made of. It guards secrets in the process from code running
  // in it; the device process holds none its kernels cannot read anyway.
  constexpr unsigned kFlags = SECCOMP_FILTER_FLAG_TSYNC | SECCOMP_FILTER_FLAG_SPEC_ALLOW;
  if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, kFlags, &filter) != 0) {
    return make_error(ErrorCode::kFailedPrecondition,
                      "cannot install the system-call filter: ", std::strerror(errno));
  }
  return ok_status();
}

int landlock_abi() {
  const long abi =
      syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  return abi < 0 ? 0 : static_cast<int>(abi);
}

// Every file-system right this ABI knows of.
uint64_t handled_fs_rights(int abi) {
  uint64_t rights =
      LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE |
      LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE |
      LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
      LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
      LANDLOCK_ACCESS_FS_MAKE_SYM;
  if (abi >= 2) rights |= 1ull << 13;  // LANDLOCK_ACCESS_FS_REFER
  if (abi >= 3) rights |= 1ull << 14;  // LANDLOCK_ACCESS_FS_TRUNCATE
  if (abi >= 5) rights |= 1ull << 15;  // LANDLOCK_ACCESS_FS_IOCTL_DEV
  return rights;
}

// The ruleset attribute, laid out as the running kernel's ABI expects
// (later ABIs appended network rights and scopes).
struct RulesetAttribute {
  uint64_t handled_access_fs = 0;
  uint64_t handled_access_net = 0;
  uint64_t scoped = 0;
};

Status install_landlock(const SandboxPolicy& policy, int abi) {
  RulesetAttribute attribute;
  attribute.handled_access_fs = handled_fs_rights(abi);
  size_t size = offsetof(RulesetAttribute, handled_access_net);
  if (abi >= 4) {
    attribute.handled_access_net = 3;  // LANDLOCK_ACCESS_NET_BIND_TCP | CONNECT_TCP
    size = offsetof(RulesetAttribute, scoped);
  }
  if (abi >= 6) {
    attribute.scoped = 3;  // LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | LANDLOCK_SCOPE_SIGNAL
    size = sizeof attribute;
  }
  const int ruleset = static_cast<int>(syscall(SYS_landlock_create_ruleset, &attribute, size, 0));
  if (ruleset < 0) {
    return make_error(ErrorCode::kFailedPrecondition,
                      "cannot create a Landlock ruleset: ", std::strerror(errno));
  }
  Status status = ok_status();
  if (!policy.readable_directory.empty()) {
    const int directory = open(policy.readable_directory.c_str(), O_PATH | O_CLOEXEC | O_DIRECTORY);
    landlock_path_beneath_attr beneath{};
    beneath.allowed_access = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
    beneath.parent_fd = directory;
    if (directory < 0 ||
        syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &beneath, 0) != 0) {
      status = make_error(ErrorCode::kFailedPrecondition, "cannot let the sandbox read ",
                          policy.readable_directory, ": ", std::strerror(errno));
    }
    if (directory >= 0) close(directory);
  }
  if (status.ok() && syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) {
    status = make_error(ErrorCode::kFailedPrecondition,
                        "cannot enter the Landlock sandbox: ", std::strerror(errno));
  }
  close(ruleset);
  return status;
}

Status set_limit(int resource, rlim_t value, const char* what) {
  const rlimit limit{value, value};
  if (setrlimit(resource, &limit) != 0) {
    return make_error(ErrorCode::kFailedPrecondition, "cannot limit ", what, ": ",
                      std::strerror(errno));
  }
  return ok_status();
}

}  // namespace

std::string SandboxSupport::describe() const {
  std::string text = landlock_abi > 0 ? "Landlock ABI " + std::to_string(landlock_abi)
                                      : std::string("no Landlock");
  return text + (seccomp ? ", seccomp filters" : ", no seccomp filters");
}

SandboxSupport sandbox_support() {
  SandboxSupport support;
  support.landlock_abi = landlock_abi();
  support.seccomp = prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0;
  return support;
}

Status enter_sandbox(const SandboxPolicy& policy) {
  const SandboxSupport support = sandbox_support();
  if (support.landlock_abi == 0 || !support.seccomp) {
    return make_error(ErrorCode::kFailedPrecondition,
                      "this host's kernel cannot sandbox a device process (", support.describe(),
                      "; Landlock needs Linux 5.13 or later with landlock in its lsm= list)");
  }
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    return make_error(ErrorCode::kFailedPrecondition,
                      "cannot set no_new_privs: ", std::strerror(errno));
  }
  TESSERA_RETURN_IF_ERROR(set_limit(RLIMIT_CORE, 0, "core dumps"));
  TESSERA_RETURN_IF_ERROR(set_limit(RLIMIT_FSIZE, 0, "file sizes"));
  TESSERA_RETURN_IF_ERROR(set_limit(RLIMIT_NOFILE, 256, "open files"));
  if (policy.address_space_bytes > 0) {
    TESSERA_RETURN_IF_ERROR(set_limit(RLIMIT_AS, policy.address_space_bytes, "address space"));
  }
  TESSERA_RETURN_IF_ERROR(install_landlock(policy, support.landlock_abi));
  return install_seccomp();
}

std::string system_call_name(long number) {
  for (const auto& [known, name] : kAllowed) {
    if (known == number) return name;
  }
  for (const auto& [known, name] : kRefusedNames) {
    if (known == number) return name;
  }
  return "system call " + std::to_string(number);
}

}  // namespace tessera::sim
