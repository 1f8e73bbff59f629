// Faults and errors inside a fiber end its run with an Error naming the
// kernel and core; the process and the scheduler stay usable.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <string>

#include "tessera/base/steady_clock.h"
#include "tessera/sim/fiber/abandonable_code.h"
#include "tessera/sim/fiber/fiber_wait.h"
#include "tessera/sim/fiber/scheduler.h"

namespace tessera::sim {
namespace {

using ::testing::HasSubstr;

// The faults below are deliberate: keep UBSan from reporting them first
// (sanitized builds abort on its reports).
#define TESSERA_DELIBERATE_FAULT __attribute__((noinline, no_sanitize_undefined))

// Keeps the compiler from proving the access is UB and dropping it.
int read_through(volatile int* pointer) {
  return *pointer;
}

// Recurses until `limit`, which is set far beyond what any stack holds.
volatile int g_recursion_limit = 1 << 30;
TESSERA_DELIBERATE_FAULT int recurse_deeply(int depth) {
  volatile char frame[1024];
  frame[0] = static_cast<char>(depth);
  if (depth >= g_recursion_limit) return frame[0];
  return recurse_deeply(depth + 1) + frame[0];
}

TESSERA_DELIBERATE_FAULT int divide(int numerator, volatile int* denominator) {
  return numerator / *denominator;
}

// Not null: UBSan would flag a null load before it faults.
// Volatile so the compiler cannot see the bad address and warn about it.
volatile std::uintptr_t g_unmapped_address = 16;

bool still_runs_fibers() {
  Scheduler scheduler;
  bool ran = false;
  scheduler.add({"after", {0, 0}, [&] { ran = true; }});
  return scheduler.run().ok() && ran;
}

TEST(FailureTest, BadAccessIsReportedAndTheProcessSurvives) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    Scheduler scheduler({.threads = 2});
    std::atomic<bool> other_ran{false};
    scheduler.add({"crashy_reader.cpp", {2, 3}, [] {
                     (void)read_through(reinterpret_cast<volatile int*>(g_unmapped_address));
                   }});
    scheduler.add({"bystander", {0, 0}, [&] { other_ran = true; }});
    Status status = scheduler.run();
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), ErrorCode::kKernelFault);
    EXPECT_THAT(status.error().describe(), HasSubstr("kernel 'crashy_reader.cpp' on core (2,3)"));
    EXPECT_THAT(status.error().message(), HasSubstr("SIGSEGV"));
    EXPECT_THAT(status.error().message(), HasSubstr("at address 0x10"));
  }
  EXPECT_TRUE(still_runs_fibers());
}

TEST(FailureTest, StackOverflowHitsTheGuardPage) {
  Scheduler scheduler({.stack_size = 64 * 1024});
  scheduler.add({"deep", {0, 0}, [] { (void)recurse_deeply(0); }});
  Status status = scheduler.run();
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().message(), HasSubstr("stack overflow"));
  EXPECT_TRUE(still_runs_fibers());
}

TEST(FailureTest, IntegerDivisionByZeroIsReported) {
  Scheduler scheduler;
  volatile int zero = 0;
  scheduler.add({"divider", {1, 1}, [&] {
                   volatile int quotient = divide(100, &zero);
                   (void)quotient;
                 }});
  Status status = scheduler.run();
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().message(), HasSubstr("SIGFPE (integer division by zero)"));
  EXPECT_TRUE(still_runs_fibers());
}

// A spinning body that registered its code as abandonable is stopped by the
// stall watchdog; one outside registered code (host code, which may hold
// locks) is left alone and simply finishes.
TESSERA_DELIBERATE_FAULT void spin_until(const std::atomic<bool>& done) {
  while (!done.load(std::memory_order_relaxed)) {
  }
}

TEST(FailureTest, StallWatchdogOnlyStopsAbandonableCode) {
  std::atomic<bool> done{false};
  {
    Scheduler scheduler({.threads = 1, .stall_limit = std::chrono::milliseconds(50)});
    scheduler.add({"host_spin", {0, 0}, [&] {
                     const int64_t start = steady_now_ns();
                     while (steady_now_ns() - start < 300'000'000) {
                     }
                   }});
    Status status = scheduler.run();
    EXPECT_TRUE(status.ok()) << status.error().describe();
  }
  // Everything is abandonable now, this test's code included.
  const int slot = register_abandonable_code(0x1000, UINTPTR_MAX);
  ASSERT_GE(slot, 0);
  Scheduler scheduler({.threads = 2, .stall_limit = std::chrono::milliseconds(50)});
  scheduler.add({"spinner", {1, 0}, [&] { spin_until(done); }});
  scheduler.add({"fine", {0, 0}, [] {}});
  Status status = scheduler.run();
  unregister_abandonable_code(slot);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code(), ErrorCode::kKernelFault);
  EXPECT_THAT(status.error().describe(), HasSubstr("kernel 'spinner' on core (1,0)"));
  EXPECT_THAT(status.error().describe(), HasSubstr("stalled"));
  EXPECT_FALSE(in_abandonable_code(reinterpret_cast<std::uintptr_t>(&spin_until)));
  // The scheduler runs the next batch normally.
  scheduler.add({"after", {0, 0}, [] {}});
  EXPECT_TRUE(scheduler.run().ok());
}

TEST(FailureTest, ErrorRaisedInsideAFiberEndsTheRun) {
  Scheduler scheduler({.deterministic = true});
  bool after_failure = false;
  std::atomic<int> blocked_waits{0};
  scheduler.add({"writer.cpp", {1, 2}, [&] {
                   fail_current_fiber(make_error(ErrorCode::kOutOfRange,
                                                 "noc write of 64 bytes to ",
                                                 "0x1000 is outside L1"));
                   after_failure = true;
                 }});
  // A fiber blocked forever must be abandoned, not reported as a deadlock.
  scheduler.add({"reader.cpp", {0, 0}, [&] {
                   blocked_waits++;
                   (void)wait_until([] { return false; }, [] { return std::string("never"); });
                 }});
  Status status = scheduler.run();
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code(), ErrorCode::kOutOfRange);
  EXPECT_THAT(status.error().describe(),
              HasSubstr("kernel 'writer.cpp' on core (1,2): noc write of 64 bytes"));
  EXPECT_FALSE(after_failure);
  EXPECT_TRUE(still_runs_fibers());
}

TEST(FailureTest, ExceptionFromAHostBodyIsReported) {
  Scheduler scheduler;
  scheduler.add({"thrower", {0, 0}, [] { throw std::runtime_error("bad tile"); }});
  Status status = scheduler.run();
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().message(), HasSubstr("bad tile"));
}

}  // namespace
}  // namespace tessera::sim
