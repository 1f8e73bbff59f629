// A thread's spare kernel traces: what a run gives back comes back empty
// with its storage, and a run that recorded very much is not kept.
#include "../../../src/sim/program/kernel_trace_pool.h"

#include <gtest/gtest.h>

#include <thread>

namespace tessera::sim {
namespace {

using timing::TimingEventKind;

void record(timing::KernelTrace& trace, std::size_t events) {
  for (std::size_t i = 0; i < events; ++i) {
    trace.add({.kind = TimingEventKind::kNocRead, .bytes = 2048});
  }
  trace.fidelity_phases = 2;
  trace.math_cycles = 99;
}

TEST(KernelTracePoolTest, AGivenBackTraceComesBackEmptyWithItsStorage) {
  std::thread([] {
    std::vector<std::unique_ptr<timing::KernelTrace>> traces;
    traces.push_back(take_kernel_trace());
    record(*traces.back(), 1000);
    give_back_kernel_traces(traces);
    EXPECT_TRUE(traces.empty());
    std::unique_ptr<timing::KernelTrace> again = take_kernel_trace();
    EXPECT_TRUE(again->events().empty());
    EXPECT_GE(again->capacity(), 1000u);
    EXPECT_EQ(again->fidelity_phases, 4u);
    EXPECT_EQ(again->math_cycles, 0u);
    EXPECT_EQ(take_kernel_trace()->capacity(), 0u);  // only one was kept
  }).join();
}

TEST(KernelTracePoolTest, ARunThatRecordedVeryMuchIsNotKept) {
  std::thread([] {
    std::vector<std::unique_ptr<timing::KernelTrace>> traces;
    traces.push_back(take_kernel_trace());
    record(*traces.back(), std::size_t{1} << 18);
    give_back_kernel_traces(traces);
    EXPECT_EQ(take_kernel_trace()->capacity(), 0u);
  }).join();
}

}  // namespace
}  // namespace tessera::sim
