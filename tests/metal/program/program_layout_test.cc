// Where a program's circular buffers land in L1. As in tt-metal, a CB takes
// L1 only on its own cores: CBs on disjoint cores share addresses, and a CB
// on cores that already hold CBs starts above all of them.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <limits>

#include "tessera/metal/program/program.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::metal {
namespace {

constexpr uint32_t kPage = 2048;

class ProgramLayoutTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto chip = sim::builtin_chip_descriptor(sim::Arch::kWormholeB0);
    ASSERT_TRUE(chip.ok());
    chip_ = *chip;
  }

  // A CB of `pages` pages at index 0 on `cores`.
  void add_cb(const CoreRangeSet& cores, uint32_t pages) {
    auto cb = create_circular_buffer(
        program_, cores,
        CircularBufferConfig(pages * kPage, {{0, {sim::tile::DataFormat::kFloat16_b, kPage}}}));
    ASSERT_TRUE(cb.ok()) << cb.error().describe();
  }

  std::vector<uint32_t> addresses() {
    auto plan = lay_out_program(program_, chip_);
    EXPECT_TRUE(plan.ok()) << plan.error().describe();
    std::vector<uint32_t> result;
    if (plan.ok()) {
      for (const sim::CircularBufferPlan& cb : plan->circular_buffers) result.push_back(cb.address);
    }
    return result;
  }

  sim::ChipDescriptor chip_;
  Program program_{"layout"};
};

TEST_F(ProgramLayoutTest, CircularBuffersOnDisjointCoresShareAnAddress) {
  add_cb({{{0, 0}, {1, 0}}}, 4);
  add_cb({{{2, 0}, {3, 0}}}, 8);
  const std::vector<uint32_t> placed = addresses();
  ASSERT_EQ(placed.size(), 2u);
  EXPECT_EQ(placed[0], placed[1]);
}

TEST_F(ProgramLayoutTest, ACircularBufferStartsAboveEveryCircularBufferOnItsCores) {
  add_cb({{{0, 0}, {0, 0}}}, 4);  // 8 KB on (0,0)
  add_cb({{{1, 0}, {1, 0}}}, 8);  // 16 KB on (1,0), at the same base
  add_cb({{{0, 0}, {1, 0}}}, 1);  // on both: above the larger
  add_cb({{{0, 0}, {0, 0}}}, 1);  // on (0,0) only: above the third
  const std::vector<uint32_t> placed = addresses();
  ASSERT_EQ(placed.size(), 4u);
  EXPECT_EQ(placed[1], placed[0]);
  EXPECT_EQ(placed[2], placed[0] + 8 * kPage);
  EXPECT_EQ(placed[3], placed[2] + kPage);
}

TEST_F(ProgramLayoutTest, ManyCoresEachWithItsOwnLargeCircularBufferFitInL1) {
  // 48 cores with 64 KB each: 3 MB in all, more than one core's L1, but
  // each core holds only its own.
  for (uint32_t i = 0; i < 48; ++i) add_cb({{{i % 8, i / 8}, {i % 8, i / 8}}}, 32);
  const std::vector<uint32_t> placed = addresses();
  ASSERT_EQ(placed.size(), 48u);
  for (uint32_t address : placed) EXPECT_EQ(address, placed[0]);
}

TEST_F(ProgramLayoutTest, CoresOffTheGridTakeNoTimeAndNoSpace) {
  // A binary may name any core range; the layout check rejects cores off
  // the grid later, so laying out must neither walk them (a range to the
  // end of uint32_t would never end) nor stack CBs on them.
  constexpr uint32_t kLast = std::numeric_limits<uint32_t>::max();
  add_cb({{{7, 0}, {kLast, kLast}}}, 4);
  add_cb({{{0, 0}, {0, 0}}}, 4);
  add_cb({{{100, 100}, {200, 200}}}, 4);
  auto laid_out = std::async(std::launch::async, [this] { return addresses(); });
  if (laid_out.wait_for(std::chrono::seconds(30)) != std::future_status::ready) {
    std::fprintf(stderr, "lay_out_program did not finish within 30 s\n");
    std::_Exit(1);  // a test that hangs would stall the suite instead of failing
  }
  const std::vector<uint32_t> placed = laid_out.get();
  ASSERT_EQ(placed.size(), 3u);
  EXPECT_EQ(placed[1], placed[0]);
  EXPECT_EQ(placed[2], placed[0]);
}

}  // namespace
}  // namespace tessera::metal
