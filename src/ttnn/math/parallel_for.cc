#include "tessera/ttnn/math/parallel_for.h"

#include <algorithm>
#include <chrono>

#include "tessera/base/spin_wait.h"

namespace tessera::ttnn::math {
namespace {

// Set on pool workers and on a caller while it runs chunks: nested
// parallel_for calls run inline instead of waiting on the busy pool.
thread_local bool inside_pool = false;

// More chunks than threads smooths out uneven chunk costs.
constexpr int64_t kChunksPerThread = 4;

// How long a worker watches for the next job, and a caller for the last
// chunk, before sleeping. An op's kernels come in bursts (a model's ops, a
// matmul's row parts); waking a sleeping worker costs tens of microseconds
// on a virtual machine whose other CPU has gone idle, more than many jobs.
constexpr std::chrono::microseconds kSpinBeforeSleep{50};

}  // namespace

ThreadPool::ThreadPool(int num_threads) {
  for (int i = 1; i < num_threads; ++i) workers_.emplace_back([this] { worker_loop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  work_cv_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

ThreadPool& ThreadPool::shared() {
  static ThreadPool pool(std::max(1u, std::thread::hardware_concurrency()));
  return pool;
}

void ThreadPool::run(int64_t begin, int64_t end, int64_t grain, RangeFn fn, void* ctx) {
  if (end <= begin) return;
  const int64_t count = end - begin;
  grain = std::max<int64_t>(grain, 1);
  const int64_t chunks = std::min((count + grain - 1) / grain, num_threads() * kChunksPerThread);
  if (chunks <= 1 || workers_.empty() || inside_pool) {
    fn(ctx, begin, end);
    return;
  }
  std::unique_lock submit(submit_mutex_, std::try_to_lock);
  if (!submit.owns_lock()) {
    fn(ctx, begin, end);
    return;
  }
  {
    std::lock_guard lock(mutex_);
    job_ = Job{fn, ctx, begin, count, chunks};
    next_chunk_.store(0, std::memory_order_relaxed);
    busy_workers_.store(static_cast<int>(workers_.size()));
    generation_.fetch_add(1);
  }
  work_cv_.notify_all();
  inside_pool = true;
  drain_chunks();
  inside_pool = false;
  // Workers may still be inside a chunk that references the caller's body.
  auto all_done = [this] { return busy_workers_.load() == 0; };
  if (spin_until(all_done, kSpinBeforeSleep)) return;
  std::unique_lock lock(mutex_);
  done_cv_.wait(lock, all_done);
}

void ThreadPool::drain_chunks() {
  for (int64_t i = next_chunk_.fetch_add(1); i < job_.chunks; i = next_chunk_.fetch_add(1)) {
    const int64_t lo = job_.begin + job_.count * i / job_.chunks;
    const int64_t hi = job_.begin + job_.count * (i + 1) / job_.chunks;
    job_.fn(job_.ctx, lo, hi);
  }
}

void ThreadPool::worker_loop() {
  inside_pool = true;
  uint64_t seen = 0;
  while (true) {
    auto job_or_stop = [&] { return stop_.load() || generation_.load() != seen; };
    if (!spin_until(job_or_stop, kSpinBeforeSleep)) {
      std::unique_lock lock(mutex_);
      work_cv_.wait(lock, job_or_stop);
    }
    if (stop_.load()) return;
    seen = generation_.load();
    drain_chunks();
    if (busy_workers_.fetch_sub(1) == 1) {
      // Under the mutex, so a caller between its check and its wait hears it.
      std::lock_guard lock(mutex_);
      done_cv_.notify_all();
    }
  }
}

}  // namespace tessera::ttnn::math
