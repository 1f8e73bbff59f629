// A fixed pool of std::threads running [begin, end) ranges split into chunks.
//
// Determinism: a chunk's body must own the outputs it writes, so results never
// depend on the thread count or on which thread ran a chunk.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace tessera::ttnn::math {

class ThreadPool {
 public:
  // `num_threads` counts the calling thread too; 1 means run everything inline.
  explicit ThreadPool(int num_threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // One pool per process, sized to the hardware threads.
  static ThreadPool& shared();

  int num_threads() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls body(lo, hi) on disjoint subranges covering [begin, end), each at
  // least `grain` long (except the last). Runs inline when the range is small,
  // when called from inside a pool chunk, or when another thread holds the pool.
  template <typename Body>
  void parallel_for(int64_t begin, int64_t end, int64_t grain, Body&& body) {
    using Fn = std::remove_reference_t<Body>;
    run(begin, end, grain, &invoke<Fn>, const_cast<void*>(static_cast<const void*>(&body)));
  }

 private:
  using RangeFn = void (*)(void* ctx, int64_t lo, int64_t hi);
  template <typename Fn>
  static void invoke(void* ctx, int64_t lo, int64_t hi) {
    (*static_cast<Fn*>(ctx))(lo, hi);
  }

  struct Job {
    RangeFn fn = nullptr;
    void* ctx = nullptr;
    int64_t begin = 0;
    int64_t count = 0;
    int64_t chunks = 0;
  };

  void run(int64_t begin, int64_t end, int64_t grain, RangeFn fn, void* ctx);
  void worker_loop();
  void drain_chunks();

  std::vector<std::thread> workers_;
  std::mutex submit_mutex_;  // one job at a time
  std::mutex mutex_;
  std::condition_variable work_cv_;
  std::condition_variable done_cv_;
  Job job_;
  std::atomic<int64_t> next_chunk_{0};
  // Written under mutex_ (so sleepers never miss a change), read without it
  // by threads spinning before they sleep.
  std::atomic<uint64_t> generation_{0};
  std::atomic<int> busy_workers_{0};
  std::atomic<bool> stop_{false};
};

// parallel_for on the shared pool.
template <typename Body>
void parallel_for(int64_t begin, int64_t end, int64_t grain, Body&& body) {
  ThreadPool::shared().parallel_for(begin, end, grain, std::forward<Body>(body));
}

}  // namespace tessera::ttnn::math
