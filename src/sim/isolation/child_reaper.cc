#include "child_reaper.h"

#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <thread>

#include "tessera/base/steady_clock.h"

namespace tessera::sim {
namespace {

// Whether the child has exited (or is no child of ours), without reaping it.
bool has_exited(pid_t pid) {
  siginfo_t info{};
  if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
    return errno != EINTR;
  }
  return info.si_pid != 0;
}

// Kernels before 5.3 have no pidfd: look every 100 us instead.
bool exited_by_polling(pid_t pid, int64_t deadline_ns) {
  while (!has_exited(pid)) {
    if (steady_now_ns() >= deadline_ns) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  return true;
}

bool exited_within(pid_t pid, std::chrono::milliseconds grace) {
  const int64_t deadline = steady_now_ns() + std::chrono::nanoseconds(grace).count();
  // Through syscall(): glibc 2.36's <sys/pidfd.h> lacks C linkage for C++.
  const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  if (pidfd < 0) return errno == ESRCH || exited_by_polling(pid, deadline);
  // A pidfd becomes readable when the process exits.
  pollfd exit_event{pidfd, POLLIN, 0};
  int ready = 0;
  for (;;) {
    const int64_t left_ms = (deadline - steady_now_ns() + 999'999) / 1'000'000;
    ready = poll(&exit_event, 1, static_cast<int>(std::max<int64_t>(left_ms, 0)));
    if (ready >= 0 || errno != EINTR) break;
  }
  close(pidfd);
  return ready > 0;
}

}  // namespace

int reap_child(pid_t pid, std::chrono::milliseconds grace) {
  if (!exited_within(pid, grace)) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return 0;  // already reaped
  }
  return status;
}

}  // namespace tessera::sim
