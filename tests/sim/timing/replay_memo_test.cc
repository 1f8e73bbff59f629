// The replay memo returns what the replay gives, and only for an input the
// replay cannot tell apart from one it replayed before.
#include "tessera/sim/timing/replay_memo.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "wormhole_timing_test.h"

namespace tessera::sim::timing {
namespace {

using Kind = TimingEventKind;

class ReplayMemoTest : public WormholeTimingTest {
 protected:
  void SetUp() override {
    WormholeTimingTest::SetUp();
    if (HasFatalFailure()) return;
    // Two cores reading one DRAM bank and signalling a third through a
    // semaphore; a compute kernel waits on a CB.
    read_bank(reader_a_, "read");
    read_bank(reader_b_, "read");
    compute_.add({.kind = Kind::kCbWait, .cb = 0, .value = 1});
    compute_.compute_stages(64, 128, 32);
    compute_.math_cycles = 128;
    compute_.add({.kind = Kind::kCbPop, .cb = 0, .value = 1});
  }

  // A read from DRAM bank 1 inside profiler zone `zone`, then a CB push.
  void read_bank(KernelTrace& trace, const char* zone) const {
    const CoreCoord bank = chip_.dram_cores[1];
    trace.begin_zone(zone);
    trace.add(
        {.kind = Kind::kNocRead, .noc = 0, .source = pack_noc_xy(bank.x, bank.y), .bytes = 4096});
    trace.add({.kind = Kind::kBarrier});
    trace.end_zone();
    trace.add({.kind = Kind::kCbPush, .cb = 0, .value = 1});
  }

  ReplayInput input() const {
    ReplayInput input;
    input.kernels.push_back(kernel("reader_a", {0, 0}, reader_a_));
    input.kernels.push_back(kernel("reader_b", {1, 0}, reader_b_));
    input.kernels.push_back(kernel("compute", {0, 0}, compute_, KernelProcessor::kCompute));
    input.circular_buffers.push_back({chip_.worker_index({0, 0}), 0, 2});
    input.circular_buffers.push_back({chip_.worker_index({1, 0}), 0, 2});
    input.words.push_back({chip_.worker_index({0, 0}), 0x100, 0});
    return input;
  }

  static void expect_same(const ProgramTiming& got, const ProgramTiming& want,
                          const std::string& what) {
    EXPECT_EQ(got.device_cycles, want.device_cycles) << what;
    EXPECT_EQ(got.kernel_cycles, want.kernel_cycles) << what;
    EXPECT_EQ(got.dram_bytes, want.dram_bytes) << what;
    EXPECT_EQ(got.busiest_core_math_cycles, want.busiest_core_math_cycles) << what;
    ASSERT_EQ(got.kernels.size(), want.kernels.size()) << what;
    for (std::size_t k = 0; k < want.kernels.size(); ++k) {
      EXPECT_EQ(got.kernels[k].kernel, want.kernels[k].kernel) << what;
      EXPECT_EQ(got.kernels[k].core, want.kernels[k].core) << what;
      EXPECT_EQ(got.kernels[k].processor, want.kernels[k].processor) << what;
      EXPECT_EQ(got.kernels[k].end_cycle, want.kernels[k].end_cycle) << what;
      EXPECT_EQ(got.kernels[k].zones, want.kernels[k].zones) << what;
    }
  }

  KernelTrace reader_a_, reader_b_, compute_;
};

TEST_F(ReplayMemoTest, TheSameInputAgainGetsTheReplaysFiguresWithoutAReplay) {
  ReplayMemo memo;
  const ProgramTiming replayed = replay_program(params_, chip_, input());
  expect_same(memo.replay(params_, chip_, input()), replayed, "first");
  EXPECT_EQ(memo.hits(), 0u);
  EXPECT_EQ(memo.size(), 1u);
  expect_same(memo.replay(params_, chip_, input()), replayed, "again");
  EXPECT_EQ(memo.hits(), 1u);
  EXPECT_EQ(memo.size(), 1u);
}

// Each change is to something the replay reads; each must be replayed, and
// get exactly what a replay of it gives.
TEST_F(ReplayMemoTest, AnythingTheReplayReadsChangedIsReplayed) {
  struct Change {
    std::string what;
    std::function<void(TimingParams&, ChipDescriptor&, ReplayInput&, KernelTrace&)> apply;
  };
  const std::vector<Change> changes = {
      {"an event's bytes",
       [](TimingParams&, ChipDescriptor&, ReplayInput&, KernelTrace& trace) {
         trace.add({.kind = Kind::kNocRead, .noc = 1, .source = 0x0101, .bytes = 64});
       }},
      {"a zone's name",
       [this](TimingParams&, ChipDescriptor&, ReplayInput&, KernelTrace& trace) {
         trace = KernelTrace();
         read_bank(trace, "another read");
       }},
      {"a kernel's name", [](TimingParams&, ChipDescriptor&, ReplayInput& input,
                             KernelTrace&) { input.kernels[0].name = "reader_c"; }},
      {"a kernel's core",
       [this](TimingParams&, ChipDescriptor&, ReplayInput& input, KernelTrace&) {
         input.kernels[1].core = {2, 0};
         input.kernels[1].worker = chip_.worker_index({2, 0});
       }},
      {"a kernel's processor",
       [](TimingParams&, ChipDescriptor&, ReplayInput& input, KernelTrace&) {
         input.kernels[1].processor = KernelProcessor::kDataMovement1;
       }},
      {"a trace's math cycles",
       [](TimingParams&, ChipDescriptor&, ReplayInput& input, KernelTrace&) {
         const_cast<KernelTrace*>(input.kernels[2].trace)->math_cycles += 1;
       }},
      {"a CB's capacity", [](TimingParams&, ChipDescriptor&, ReplayInput& input,
                             KernelTrace&) { input.circular_buffers[0].pages = 1; }},
      {"a semaphore's initial value", [](TimingParams&, ChipDescriptor&, ReplayInput& input,
                                         KernelTrace&) { input.words[0].value = 1; }},
      {"a parameter", [](TimingParams& params, ChipDescriptor&, ReplayInput&,
                         KernelTrace&) { params.dram_latency_cycles += 100; }},
      {"the chip's DRAM channels", [](TimingParams&, ChipDescriptor& chip, ReplayInput&,
                                      KernelTrace&) { chip.num_dram_channels -= 1; }},
      {"the chip's worker cores",
       [](TimingParams&, ChipDescriptor& chip, ReplayInput&, KernelTrace&) {
         std::swap(chip.worker_cores[0], chip.worker_cores[1]);
       }},
  };
  for (const Change& change : changes) {
    ReplayMemo memo;
    (void)memo.replay(params_, chip_, input());
    TimingParams params = params_;
    ChipDescriptor chip = chip_;
    KernelTrace extra = reader_a_;
    KernelTrace compute = compute_;
    ReplayInput changed = input();
    changed.kernels[0].trace = &extra;
    changed.kernels[2].trace = &compute;
    change.apply(params, chip, changed, extra);
    const ProgramTiming replayed = replay_program(params, chip, changed);
    expect_same(memo.replay(params, chip, changed), replayed, change.what);
    EXPECT_EQ(memo.hits(), 0u) << change.what;
    EXPECT_EQ(memo.size(), 2u) << change.what;
  }
}

TEST_F(ReplayMemoTest, StartsAgainEmptyPastItsCountOfPrograms) {
  ReplayMemo memo;
  KernelTrace trace;
  ReplayInput one;
  one.kernels.push_back(kernel("k", {0, 0}, trace));
  for (std::size_t i = 0; i < ReplayMemo::kMaxPrograms; ++i) {
    trace.compute(1);  // a different trace each time
    (void)memo.replay(params_, chip_, one);
  }
  EXPECT_EQ(memo.size(), ReplayMemo::kMaxPrograms);
  trace.compute(1);
  (void)memo.replay(params_, chip_, one);
  EXPECT_EQ(memo.size(), 1u);
  (void)memo.replay(params_, chip_, one);
  EXPECT_EQ(memo.hits(), 1u);
}

TEST_F(ReplayMemoTest, KeepsNoProgramLargerThanItsLimit) {
  ReplayMemo memo;
  KernelTrace large;
  const std::size_t events = ReplayMemo::kMaxProgramBytes / sizeof(TimingEvent) + 1;
  for (std::size_t i = 0; i < events; ++i) large.add({.kind = Kind::kCbPush, .cb = 1, .value = 1});
  ReplayInput input;
  input.kernels.push_back(kernel("large", {0, 0}, large));
  const ProgramTiming replayed = replay_program(params_, chip_, input);
  expect_same(memo.replay(params_, chip_, input), replayed, "large");
  EXPECT_EQ(memo.size(), 0u);
}

// Devices in one process replay on their own threads into one memo.
TEST_F(ReplayMemoTest, ThreadsReplayingAtOnceEachGetTheirOwnProgramsFigures) {
  ReplayMemo memo;
  constexpr int kThreads = 4;
  constexpr int kRounds = 50;
  std::vector<KernelTrace> traces(kThreads);
  std::vector<ReplayInput> inputs(kThreads);
  std::vector<ProgramTiming> replayed(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    traces[t].compute(100 * (t + 1));
    inputs[t].kernels.push_back(kernel("k", {0, 0}, traces[t]));
    replayed[t] = replay_program(params_, chip_, inputs[t]);
  }
  std::vector<int> wrong(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < kRounds; ++round) {
        const int which = (t + round) % kThreads;
        if (memo.replay(params_, chip_, inputs[which]).device_cycles !=
            replayed[which].device_cycles) {
          ++wrong[t];
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(wrong[t], 0) << "thread " << t;
  EXPECT_EQ(memo.size(), static_cast<std::size_t>(kThreads));
  // Each input misses at most once a thread (threads meeting it first at once).
  EXPECT_GE(memo.hits(), static_cast<std::size_t>(kThreads * kRounds - kThreads * kThreads));
}

TEST_F(ReplayMemoTest, ClearForgetsEverything) {
  ReplayMemo memo;
  (void)memo.replay(params_, chip_, input());
  memo.clear();
  EXPECT_EQ(memo.size(), 0u);
  (void)memo.replay(params_, chip_, input());
  EXPECT_EQ(memo.hits(), 0u);
}

}  // namespace
}  // namespace tessera::sim::timing
