#include "worker_threads.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <iterator>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "sanitizer_hooks.h"
#include "tessera/base/spin_wait.h"

namespace tessera::sim {

namespace {

// How long an idle thread watches for its next job before sleeping. A
// program's kernels come to the same threads run after run; waking a
// sleeping thread costs tens of microseconds when its (virtual) CPU has gone
// idle, which is as long as a small program runs.
constexpr std::chrono::microseconds kSpinBeforeSleep{50};

struct PooledThread {
  std::mutex mutex;
  std::condition_variable wake;
  std::function<void()> job;  // empty while idle
  std::latch* done = nullptr;
  std::atomic<bool> has_job{false};  // job is set: lets an idle thread spin without the mutex
};

class WorkerThreadPool {
 public:
  void run(std::function<void()> job, std::latch& done) {
    PooledThread* thread = take_idle();
    if (thread == nullptr) thread = start_thread();
    {
      std::lock_guard lock(thread->mutex);
      thread->job = std::move(job);
      thread->done = &done;
      thread->has_job.store(true);
    }
    thread->wake.notify_one();
  }

 private:
  PooledThread* take_idle() {
    std::lock_guard lock(mutex_);
    if (idle_.empty()) return nullptr;
    PooledThread* thread = idle_.back();
    idle_.pop_back();
    return thread;
  }

  PooledThread* start_thread() {
    auto* thread = new PooledThread;  // never freed: the thread never ends
    std::thread([this, thread] { serve(*thread); }).detach();
    return thread;
  }

  void serve(PooledThread& thread) {
    for (;;) {
      std::function<void()> job;
      std::latch* done = nullptr;
      spin_until([&] { return thread.has_job.load(); }, kSpinBeforeSleep);
      {
        std::unique_lock lock(thread.mutex);
        thread.wake.wait(lock, [&] { return static_cast<bool>(thread.job); });
        job = std::exchange(thread.job, nullptr);
        done = std::exchange(thread.done, nullptr);
        thread.has_job.store(false);
      }
      job();
      job = nullptr;  // its captures go before the run that owns them ends
      {
        std::lock_guard lock(mutex_);
        idle_.push_back(&thread);
      }
      done->count_down();
    }
  }

  std::mutex mutex_;
  std::vector<PooledThread*> idle_;
};

[[maybe_unused]] WorkerThreadPool& pool() {      // unused in AddressSanitizer builds
  static auto* instance = new WorkerThreadPool;  // outlives static destruction
  return *instance;
}

}  // namespace

#if TESSERA_ASAN
// LeakSanitizer's exit scan reads the dynamic TLS of every live thread, and
// a pooled thread keeps stale entries of kernel modules unloaded since; it
// crashes on them. Sanitizer builds start a thread per job and join it once
// its run is over: a thread still exiting frees its thread_local destructor
// records while a leak check may be looking, which reports them as leaked.
namespace {

struct JobThread {
  std::thread thread;
  std::shared_ptr<std::atomic<bool>> finished;
};

std::mutex& job_threads_mutex() {
  static auto* mutex = new std::mutex;  // outlives static destruction
  return *mutex;
}

std::vector<JobThread>& job_threads() {
  static auto* threads = new std::vector<JobThread>;
  return *threads;
}

}  // namespace

void run_on_worker_thread(std::function<void()> job, std::latch& done) {
  auto finished = std::make_shared<std::atomic<bool>>(false);
  std::thread thread([job = std::move(job), &done, finished]() mutable {
    job();
    job = nullptr;
    finished->store(true);
    done.count_down();
  });
  std::lock_guard lock(job_threads_mutex());
  job_threads().push_back({std::move(thread), std::move(finished)});
}

void join_finished_worker_threads() {
  std::vector<JobThread> joinable;
  {
    std::lock_guard lock(job_threads_mutex());
    std::vector<JobThread>& threads = job_threads();
    auto still_running = std::partition(threads.begin(), threads.end(),
                                        [](const JobThread& t) { return !t.finished->load(); });
    std::move(still_running, threads.end(), std::back_inserter(joinable));
    threads.erase(still_running, threads.end());
  }
  for (JobThread& t : joinable) t.thread.join();
}
#else
void run_on_worker_thread(std::function<void()> job, std::latch& done) {
  pool().run(std::move(job), done);
}

void join_finished_worker_threads() {}
#endif

}  // namespace tessera::sim
