// A state where every unfinished fiber is blocked is reported at once,
// listing each fiber's core, kernel and wait.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "tessera/sim/fiber/fiber_wait.h"
#include "tessera/sim/fiber/scheduler.h"

namespace tessera::sim {
namespace {

using ::testing::HasSubstr;

void wait_for_pages(const std::atomic<int>& available, int cb, int wanted) {
  Status status = wait_until([&] { return available.load() >= wanted; },
                             [&] {
                               return "cb " + std::to_string(cb) + ": wants " +
                                      std::to_string(wanted) + " pages, " +
                                      std::to_string(available.load()) + " available";
                             });
  ASSERT_TRUE(status.ok());
}

TEST(DeadlockTest, ReportsEveryBlockedFiberWithItsWait) {
  for (bool deterministic : {true, false}) {
    Scheduler scheduler({.threads = 2, .deterministic = deterministic});
    std::atomic<int> cb0{0};
    std::atomic<int> cb16{1};
    std::atomic<bool> finished{false};
    scheduler.add({"reader.cpp", {0, 0}, [&] { wait_for_pages(cb0, 0, 2); }});
    scheduler.add({"writer.cpp", {1, 0}, [&] { wait_for_pages(cb16, 16, 4); }});
    scheduler.add({"done.cpp", {1, 0}, [&] { finished = true; }});
    Status status = scheduler.run();
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), ErrorCode::kDeadlock);
    const std::string& message = status.error().message();
    EXPECT_THAT(message, HasSubstr("all 2 unfinished kernels are blocked"));
    EXPECT_THAT(
        message,
        HasSubstr("core (0,0) kernel 'reader.cpp' waits on cb 0: wants 2 pages, 0 available"));
    EXPECT_THAT(
        message,
        HasSubstr("core (1,0) kernel 'writer.cpp' waits on cb 16: wants 4 pages, 1 available"));
    EXPECT_TRUE(finished.load());
  }
}

TEST(DeadlockTest, NoFalseReportWhileAnotherThreadMakesProgress) {
  // Core 0 waits for a counter that core 1 raises slowly, with long stretches
  // where core 0's thread has nothing to run.
  for (int repeat = 0; repeat < 20; ++repeat) {
    Scheduler scheduler({.threads = 2});
    std::atomic<int> counter{0};
    scheduler.add({"waiter", {0, 0}, [&] {
                     for (int want = 1; want <= 50; ++want) {
                       ASSERT_TRUE(wait_until([&] { return counter.load() >= want; },
                                              [] { return std::string("counter"); })
                                       .ok());
                     }
                   }});
    scheduler.add({"producer", {1, 0}, [&] {
                     for (int i = 0; i < 50; ++i) {
                       for (int spin = 0; spin < 20; ++spin) yield_now();
                       counter.fetch_add(1);
                       notify_progress();
                     }
                   }});
    Status status = scheduler.run();
    ASSERT_TRUE(status.ok()) << status.error().describe();
  }
}

TEST(DeadlockTest, SchedulerIsReusableAfterADeadlock) {
  Scheduler scheduler;
  scheduler.add({"stuck", {0, 0}, [] {
                   (void)wait_until([] { return false; }, [] { return std::string("nothing"); });
                 }});
  EXPECT_FALSE(scheduler.run().ok());
  bool ran = false;
  scheduler.add({"fine", {0, 0}, [&] { ran = true; }});
  EXPECT_TRUE(scheduler.run().ok());
  EXPECT_TRUE(ran);
}

}  // namespace
}  // namespace tessera::sim
