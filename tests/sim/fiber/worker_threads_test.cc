// Pooled worker threads: a job runs, an idle thread is reused, and a job
// never waits for a busy thread (a new one starts).
#include "worker_threads.h"

#include <gtest/gtest.h>

#include <atomic>
#include <barrier>
#include <latch>
#include <thread>

#include "sanitizer_hooks.h"

namespace tessera::sim {
namespace {

std::thread::id run_and_wait(std::function<void()> extra = [] {}) {
  std::thread::id ran_on;
  std::latch done(1);
  run_on_worker_thread(
      [&] {
        ran_on = std::this_thread::get_id();
        extra();
      },
      done);
  done.wait();
  return ran_on;
}

TEST(WorkerThreadsTest, RunsTheJobOffTheCallingThreadAndReusesTheThread) {
  const std::thread::id first = run_and_wait();
  EXPECT_NE(first, std::this_thread::get_id());
#if !TESSERA_ASAN  // sanitizer builds start a thread per job
  // The thread was idle again before `done` was reached, so it is reused.
  EXPECT_EQ(run_and_wait(), first);
#endif
}

TEST(WorkerThreadsTest, AJobNeverWaitsForABusyThread) {
  // Both jobs must run at once to pass the barrier: the second cannot
  // queue behind the first.
  std::barrier both(2);
  std::latch done(2);
  std::atomic<int> passed{0};
  for (int i = 0; i < 2; ++i) {
    run_on_worker_thread(
        [&] {
          both.arrive_and_wait();
          passed.fetch_add(1);
        },
        done);
  }
  done.wait();
  EXPECT_EQ(passed.load(), 2);
}

}  // namespace
}  // namespace tessera::sim
