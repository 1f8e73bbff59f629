#include "stall_watchdog.h"

#include <algorithm>

#include "tessera/base/steady_clock.h"

namespace tessera::sim {

StallWatchdog::StallWatchdog(const std::vector<std::unique_ptr<Worker>>& workers,
                             std::chrono::milliseconds limit)
    : workers_(workers), limit_(limit) {
  if (limit_.count() > 0) thread_ = std::thread([this] { watch(); });
}

StallWatchdog::~StallWatchdog() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  stop_.notify_all();
  thread_.join();
}

// Checks a few times per limit; a stalled worker is signalled again on
// every check until its fiber is gone (its thread may have been in host
// code, where the signal is ignored, the first time).
void StallWatchdog::watch() {
  const auto tick =
      std::clamp(limit_ / 4, std::chrono::milliseconds(5), std::chrono::milliseconds(1000));
  const int64_t limit_ns = std::chrono::nanoseconds(limit_).count();
  std::unique_lock lock(mutex_);
  while (!stop_.wait_for(lock, tick, [this] { return stopping_; })) {
    const int64_t now = steady_now_ns();
    for (const std::unique_ptr<Worker>& worker : workers_) {
      const int64_t since = worker->running_since_ns();
      if (since != 0 && now - since > limit_ns) worker->interrupt_stalled_fiber(limit_);
    }
  }
}

}  // namespace tessera::sim
