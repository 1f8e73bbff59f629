#include "tessera/sim/isolation/reply_wait.h"

#include <gtest/gtest.h>

namespace tessera::sim {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;

// A short or new program: the host spins for its reply on a hardware thread
// of its own, and the kernels get the others, never fewer than one. Short
// goes up to kLongReply, past the spin itself.
TEST(ReplyWaitTest, AShortProgramLeavesTheSpinningHostAHardwareThread) {
  for (nanoseconds last :
       {nanoseconds(0), nanoseconds(microseconds(30)),
        nanoseconds(kHostReplySpin) + microseconds(1), nanoseconds(kLongReply)}) {
    const ReplyWait wait = plan_reply_wait({}, 2, {.work = last});
    EXPECT_EQ(wait.host_spin, kHostReplySpin);
    EXPECT_EQ(wait.scheduler.threads, 1u);
  }
  EXPECT_EQ(plan_reply_wait({}, 8, {.work = microseconds(30)}).scheduler.threads, 7u);
  EXPECT_EQ(plan_reply_wait({}, 1, {.work = microseconds(30)}).scheduler.threads, 1u);
  EXPECT_EQ(plan_reply_wait({}, 0, {.work = microseconds(30)}).scheduler.threads,
            1u);  // count unknown
}

// A short program whose last reply outlasted the minimum spin: the host
// spins a quarter longer than that reply, plus a margin, instead of
// sleeping through its end and paying a wake-up. Only with a hardware
// thread of its own; never for a long program.
TEST(ReplyWaitTest, TheHostSpinsThroughAShortProgramsExpectedReply) {
  EXPECT_EQ(plan_reply_wait({}, 2, {.work = microseconds(20), .reply = microseconds(20)}).host_spin,
            kHostReplySpin);
  const ReplyWait wait =
      plan_reply_wait({}, 2, {.work = microseconds(600), .reply = microseconds(600)});
  EXPECT_EQ(wait.host_spin, microseconds(750) + kReplySpinMargin);
  EXPECT_EQ(wait.scheduler.threads, 1u);
  EXPECT_EQ(plan_reply_wait({}, 2, {.work = kLongReply, .reply = kLongReply}).host_spin,
            microseconds(1250) + kReplySpinMargin);
  // Asked for four threads, a 600 µs reply is 2.4 ms of thread time; on
  // eight hardware threads that is short, and the spin follows the reply.
  SchedulerOptions asked;
  asked.threads = 4;
  EXPECT_EQ(
      plan_reply_wait(asked, 8, {.work = microseconds(2400), .reply = microseconds(600)}).host_spin,
      microseconds(750) + kReplySpinMargin);
  EXPECT_EQ(
      plan_reply_wait({}, 1, {.work = microseconds(600), .reply = microseconds(600)}).host_spin,
      kHostReplySpin);
  EXPECT_EQ(
      plan_reply_wait({}, 2, {.work = milliseconds(3), .reply = microseconds(1500)}).host_spin,
      nanoseconds(0));
}

// A program on at least kManyCoresPerThread cores a hardware thread is long
// from kLongReplyManyCores of thread time: its cores keep every thread
// busy. Fewer cores, or less time, and it stays short.
TEST(ReplyWaitTest, AProgramOnManyCoresIsLongSooner) {
  ProgramHistory eltwise{.work = microseconds(400), .reply = microseconds(400), .cores = 64};
  const ReplyWait wait = plan_reply_wait({}, 2, eltwise);
  EXPECT_EQ(wait.scheduler.threads, 2u);
  EXPECT_EQ(wait.host_spin, nanoseconds(0));
  eltwise.work = microseconds(250);
  EXPECT_EQ(plan_reply_wait({}, 2, eltwise).scheduler.threads, 1u);
  ProgramHistory few{.work = microseconds(400), .reply = microseconds(400), .cores = 7};
  EXPECT_EQ(plan_reply_wait({}, 2, few).scheduler.threads, 1u);
  few.cores = 8;
  EXPECT_EQ(plan_reply_wait({}, 2, few).scheduler.threads, 2u);
  // On eight hardware threads many is 32 cores, judged on seven threads.
  ProgramHistory wide{.work = 7 * microseconds(301), .cores = 32};
  EXPECT_EQ(plan_reply_wait({}, 8, wide).scheduler.threads, 8u);
  wide.cores = 31;
  EXPECT_EQ(plan_reply_wait({}, 8, wide).scheduler.threads, 7u);
}

ProgramPlan plan_on(std::vector<CoreRangeSet> kernels) {
  ProgramPlan plan;
  for (CoreRangeSet& cores : kernels) {
    KernelPlan kernel;
    kernel.cores = std::move(cores);
    plan.kernels.push_back(std::move(kernel));
  }
  return plan;
}

// Cores shared by several kernels count once. A range no grid has is
// counted by its size without being walked.
TEST(ReplyWaitTest, CountsTheDistinctCoresOfAProgram) {
  const CoreRangeSet grid{{{0, 0}, {7, 7}}};
  EXPECT_EQ(cores_of(plan_on({})), 0u);
  EXPECT_EQ(cores_of(plan_on({grid, grid, grid})), 64u);
  EXPECT_EQ(cores_of(plan_on({grid, {{{9, 9}, {9, 9}}, {{0, 0}, {1, 0}}}})), 65u);
  EXPECT_EQ(cores_of(plan_on({{{{0, 100}, {1, 101}}}})), 4u);
  EXPECT_EQ(cores_of(plan_on({{{{0, 0}, {UINT32_MAX, 0}}}})), size_t{1} << 32);
}

// A program whose last run took longer than kLongReply of thread time on
// one thread fewer than the machine has: the host sleeps at once and the
// kernels get every hardware thread.
TEST(ReplyWaitTest, ALongProgramGetsEveryHardwareThreadAndASleepingHost) {
  const ReplyWait wait = plan_reply_wait({}, 2, {.work = kLongReply + microseconds(1)});
  EXPECT_EQ(wait.host_spin, nanoseconds(0));
  EXPECT_EQ(wait.scheduler.threads, 2u);
  EXPECT_EQ(plan_reply_wait({}, 8, {.work = milliseconds(50)}).scheduler.threads, 8u);
  EXPECT_EQ(plan_reply_wait({}, 0, {.work = milliseconds(50)}).scheduler.threads, 1u);
}

TEST(ReplyWaitTest, KeepsWhatTheCallerAskedFor) {
  SchedulerOptions asked;
  asked.threads = 4;
  asked.deterministic = true;
  asked.stall_limit = milliseconds(7);
  for (nanoseconds last : {nanoseconds(0), nanoseconds(milliseconds(5))}) {
    const SchedulerOptions given = plan_reply_wait(asked, 2, {.work = last}).scheduler;
    EXPECT_EQ(given.threads, 4u);
    EXPECT_TRUE(given.deterministic);
    EXPECT_EQ(given.stall_limit, milliseconds(7));
  }
}

// A program judged long runs on every thread and so replies sooner; what
// it took on them, times their count, still says long. Judged by its reply
// alone, a 1.6 ms program on two cores would flip between 0.8 ms on two
// threads and 1.6 ms on one, run after run.
TEST(ReplyWaitTest, ALongProgramStaysLongWhenItsThreadsMakeItFaster) {
  ProgramReplyTimes times;
  times.record("p", microseconds(1600), 1);
  ReplyWait wait = plan_reply_wait({}, 2, times.last("p"));
  ASSERT_EQ(wait.scheduler.threads, 2u);
  times.record("p", microseconds(800), wait.scheduler.threads);
  wait = plan_reply_wait({}, 2, times.last("p"));
  EXPECT_EQ(wait.scheduler.threads, 2u);
  EXPECT_EQ(wait.host_spin, nanoseconds(0));
  // On eight hardware threads, the judge is the time on seven.
  EXPECT_EQ(plan_reply_wait({}, 8, {.work = microseconds(6900)}).scheduler.threads, 7u);
  EXPECT_EQ(plan_reply_wait({}, 8, {.work = microseconds(7100)}).scheduler.threads, 8u);
  // A short program stays short: its thread time on one thread is its reply.
  times.record("q", microseconds(700), 1);
  EXPECT_EQ(plan_reply_wait({}, 2, times.last("q")).scheduler.threads, 1u);
}

ProgramPlan plan_named(std::string name) {
  ProgramPlan plan;
  plan.name = std::move(name);
  return plan;
}

// Programs are told apart by name and by kernel objects; the last reply
// counts, and an unknown program has none.
TEST(ProgramReplyTimesTest, RemembersTheLastReplyOfEachProgram) {
  ProgramReplyTimes times;
  const std::string matmul = ProgramReplyTimes::key_of(plan_named("p"), {"a.so", "b.so"});
  const std::string other_objects = ProgramReplyTimes::key_of(plan_named("p"), {"a.so", "c.so"});
  const std::string split_differently = ProgramReplyTimes::key_of(plan_named("p"), {"a.sob.so"});
  EXPECT_NE(matmul, other_objects);
  EXPECT_NE(matmul, split_differently);
  EXPECT_EQ(times.last(matmul).work, nanoseconds(0));
  times.record(matmul, microseconds(900), 1);
  times.record(other_objects, microseconds(20), 1);
  EXPECT_EQ(times.last(matmul).work, microseconds(900));
  EXPECT_EQ(times.last(other_objects).work, microseconds(20));
  times.record(matmul, microseconds(40), 1);
  EXPECT_EQ(times.last(matmul).work, microseconds(40));
  EXPECT_EQ(times.last(split_differently).work, nanoseconds(0));
  // Thread time, and the reply itself.
  times.record(matmul, microseconds(800), 2);
  EXPECT_EQ(times.last(matmul).work, microseconds(1600));
  EXPECT_EQ(times.last(matmul).reply, microseconds(800));
  EXPECT_EQ(times.last(split_differently).reply, nanoseconds(0));
}

// Binaries that generate endless distinct programs cannot grow it without
// bound.
TEST(ProgramReplyTimesTest, ForgetsEverythingPastItsLimit) {
  ProgramReplyTimes times;
  for (size_t i = 0; i < ProgramReplyTimes::kMaxPrograms; ++i) {
    times.record("program " + std::to_string(i), microseconds(300), 1);
  }
  EXPECT_EQ(times.last("program 0").work, microseconds(300));
  times.record("one more", microseconds(5), 1);
  EXPECT_EQ(times.last("program 0").work, nanoseconds(0));
  EXPECT_EQ(times.last("one more").work, microseconds(5));
}

}  // namespace
}  // namespace tessera::sim
