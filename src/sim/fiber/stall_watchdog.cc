#include "stall_watchdog.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "tessera/base/steady_clock.h"

namespace tessera::sim {

namespace {

// What the watchdog last saw of one worker.
struct Sighting {
  uint64_t switches = 0;
  int64_t since_ns = 0;  // when `switches` was first seen
};

struct Watched {
  const std::vector<std::unique_ptr<Worker>>* workers;
  std::chrono::milliseconds limit;
  std::vector<Sighting> seen;
};

constexpr std::chrono::milliseconds kLongestTick{1000};

// The process-wide watchdog thread and the runs it watches. Never
// destroyed: the thread sleeps while nothing is watched and simply ends
// with the process.
class Watchdog {
 public:
  static Watchdog& instance() {
    static Watchdog* watchdog = new Watchdog();
    return *watchdog;
  }

  // Wakes the thread only when it must check sooner than it planned to:
  // runs with the default limit register without a system call.
  void add(Watched watched) {
    bool wake = false;
    {
      std::lock_guard lock(mutex_);
      wake = tick_for(watched.limit) < current_tick_;
      runs_.push_back(std::move(watched));
      if (!thread_started_) {
        std::thread([this] { watch(); }).detach();
        thread_started_ = true;
      }
    }
    if (wake) changed_.notify_all();
  }

  // Once this returns, the watchdog no longer touches the run's workers.
  void remove(const std::vector<std::unique_ptr<Worker>>* workers) {
    std::lock_guard lock(mutex_);
    runs_.erase(std::find_if(runs_.begin(), runs_.end(),
                             [workers](const Watched& run) { return run.workers == workers; }));
  }

 private:
  // Checks a few times per limit; a stalled worker is signalled again on
  // every check until its fiber is gone (its thread may have been in host
  // code, where the signal is ignored, the first time).
  void watch() {
    std::unique_lock lock(mutex_);
    while (true) {
      current_tick_ = kLongestTick;
      for (const Watched& run : runs_) current_tick_ = std::min(current_tick_, tick_for(run.limit));
      changed_.wait_for(lock, current_tick_);
      const int64_t now = steady_now_ns();
      for (Watched& run : runs_) check(run, now);
    }
  }

  static void check(Watched& run, int64_t now) {
    run.seen.resize(run.workers->size());
    const int64_t limit_ns = std::chrono::nanoseconds(run.limit).count();
    for (std::size_t i = 0; i < run.workers->size(); ++i) {
      Worker& worker = *(*run.workers)[i];
      Sighting& seen = run.seen[i];
      const uint64_t switches = worker.switch_count();
      if (switches != seen.switches || seen.since_ns == 0) {
        seen = {switches, now};
      } else if (switches % 2 == 1 && now - seen.since_ns > limit_ns) {
        worker.interrupt_stalled_fiber(run.limit);
      }
    }
  }

  static std::chrono::milliseconds tick_for(std::chrono::milliseconds limit) {
    return std::clamp(limit / 4, std::chrono::milliseconds(5), kLongestTick);
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Watched> runs_;
  bool thread_started_ = false;
  std::chrono::milliseconds current_tick_ = kLongestTick;  // the wait in progress
};

}  // namespace

StallWatch::StallWatch(const std::vector<std::unique_ptr<Worker>>& workers,
                       std::chrono::milliseconds limit)
    : workers_(workers), limit_(limit) {
  if (limit_.count() > 0) Watchdog::instance().add({&workers_, limit_, {}});
}

StallWatch::~StallWatch() {
  if (limit_.count() > 0) Watchdog::instance().remove(&workers_);
}

}  // namespace tessera::sim
