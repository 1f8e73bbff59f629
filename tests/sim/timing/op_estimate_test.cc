// The analytical estimate for ops the simulator runs on the host (TTNN), on
// cases worked out by hand from the Wormhole parameters.
#include "tessera/sim/timing/op_estimate.h"

#include <gtest/gtest.h>

#include "wormhole_timing_test.h"

namespace tessera::sim::timing {
namespace {

class OpEstimateTest : public WormholeTimingTest {
 protected:
  void SetUp() override {
    WormholeTimingTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_EQ(params_.kernel_launch_cycles, 1000u);
    ASSERT_EQ(params_.dram_bytes_per_cycle_per_channel, 22u);
    ASSERT_EQ(params_.dram_latency_cycles, 300u);
    ASSERT_EQ(params_.noc_link_bytes_per_cycle, 32u);
    ASSERT_EQ(chip_.num_dram_channels, 12u);
    ASSERT_EQ(chip_.num_workers(), 64u);
  }
};

TEST_F(OpEstimateTest, MathSpreadsOverOneCorePerOutputTile) {
  // 16 tiles of 8 cycles on 16 cores: 8 cycles each.
  const ProgramTiming timing =
      estimate_op(params_, chip_, {.output_tiles = 16, .math_cycles = 128});
  EXPECT_EQ(timing.cores, 16u);
  EXPECT_EQ(timing.busiest_core_math_cycles, 8);
  EXPECT_EQ(timing.kernel_cycles, 8);
  EXPECT_EQ(timing.device_cycles, 1008);
  EXPECT_STREQ(timing.bound(), "launch-bound");
  // More tiles than cores: 64 cores, 1280 tiles of 8 cycles = 160 each.
  const ProgramTiming large =
      estimate_op(params_, chip_, {.output_tiles = 1280, .math_cycles = 1280 * 8});
  EXPECT_EQ(large.cores, 64u);
  EXPECT_EQ(large.kernel_cycles, 160);
}

TEST_F(OpEstimateTest, DramTrafficTakesEveryChannelAndOneLatency) {
  // 12 channels x 22 B/cycle: 264,000 bytes in 1000 cycles, plus 300.
  const ProgramTiming timing = estimate_op(
      params_, chip_, {.output_tiles = 64, .math_cycles = 64 * 8, .dram_bytes = 264000});
  EXPECT_EQ(timing.kernel_cycles, 1300);
  EXPECT_EQ(timing.device_cycles, 2300);
  EXPECT_STREQ(timing.bound(), "bandwidth-bound");
  EXPECT_DOUBLE_EQ(timing.dram_utilisation(), 1000.0 / 1300.0);
}

TEST_F(OpEstimateTest, DataMovementGoesThroughEachCoresNocPortAndIsNotMath) {
  // 8 cores share 2,048,000 bytes: 256,000 each at 32 B/cycle = 8000
  // cycles; in L1, so no DRAM latency.
  const ProgramTiming timing =
      estimate_op(params_, chip_, {.output_tiles = 8, .noc_bytes = 2048000});
  EXPECT_EQ(timing.cores, 8u);
  EXPECT_EQ(timing.kernel_cycles, 8000);
  EXPECT_EQ(timing.noc_bytes, 2048000u);
  EXPECT_EQ(timing.busiest_core_math_cycles, 0);
  EXPECT_DOUBLE_EQ(timing.math_utilisation(), 0);
  EXPECT_STREQ(timing.bound(), "bandwidth-bound");
  // The same bytes over twice the cores take half as long.
  EXPECT_EQ(estimate_op(params_, chip_, {.output_tiles = 16, .noc_bytes = 2048000}).kernel_cycles,
            4000);
}

}  // namespace
}  // namespace tessera::sim::timing
