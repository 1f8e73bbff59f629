// The Dst register file: capacity per mode, and acquire handing out zeroed
// tiles however they were used before.
#include "tessera/sim/dst/dst_registers.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace tessera::sim {
namespace {

TEST(SimDstRegisters, CapacityFollowsTheMode) {
  EXPECT_EQ(DstRegisters({.fp32_accumulation = false, .double_buffered = true}).capacity(), 8u);
  EXPECT_EQ(DstRegisters({.fp32_accumulation = false, .double_buffered = false}).capacity(), 16u);
  EXPECT_EQ(DstRegisters({.fp32_accumulation = true, .double_buffered = true}).capacity(), 4u);
  EXPECT_EQ(DstRegisters({.fp32_accumulation = true, .double_buffered = false}).capacity(), 8u);
}

TEST(SimDstRegisters, AcquireZeroesEveryTileUsedSinceTheLastAcquire) {
  DstRegisters dst({.fp32_accumulation = false, .double_buffered = false});
  for (uint32_t index : {0u, 3u, 15u}) {
    auto tile = dst.tile(index, "test");
    ASSERT_TRUE(tile.ok());
    std::fill(tile->begin(), tile->end(), 1.5f);
  }
  auto block = dst.tiles(5, 4, "test");
  ASSERT_TRUE(block.ok());
  std::fill(block->begin(), block->end(), -2.0f);
  dst.acquire();
  for (uint32_t index = 0; index < dst.capacity(); ++index) {
    auto tile = dst.tile(index, "test");
    ASSERT_TRUE(tile.ok());
    EXPECT_TRUE(std::all_of(tile->begin(), tile->end(), [](float v) { return v == 0.0f; }))
        << "tile " << index;
  }
}

// Zeroing is deferred: a tile read after an acquire is zero, a tile handed
// out for overwriting keeps whatever the op then writes, and one neither
// read nor written stays zero for the next reader.
TEST(SimDstRegisters, OverwrittenTilesSkipZeroingButReadTilesAreZero) {
  DstRegisters dst({.fp32_accumulation = false, .double_buffered = true});
  for (uint32_t index = 0; index < dst.capacity(); ++index) {
    auto tile = dst.tile(index, "test");
    ASSERT_TRUE(tile.ok());
    std::fill(tile->begin(), tile->end(), 7.0f);
  }
  dst.acquire();
  auto overwritten = dst.tile_for_overwrite(2, "copy_tile");
  ASSERT_TRUE(overwritten.ok());
  std::fill(overwritten->begin(), overwritten->end(), 3.0f);
  EXPECT_TRUE(dst.touched(2));
  EXPECT_FALSE(dst.touched(3));
  auto again = dst.tile(2, "pack_tile");
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(std::all_of(again->begin(), again->end(), [](float v) { return v == 3.0f; }));
  for (uint32_t index : {0u, 3u, 7u}) {
    auto tile = dst.tile(index, "pack_tile");
    ASSERT_TRUE(tile.ok());
    EXPECT_TRUE(std::all_of(tile->begin(), tile->end(), [](float v) { return v == 0.0f; }))
        << "tile " << index;
  }
  dst.acquire();
  auto cleared = dst.tile(2, "pack_tile");
  ASSERT_TRUE(cleared.ok());
  EXPECT_TRUE(std::all_of(cleared->begin(), cleared->end(), [](float v) { return v == 0.0f; }));
  EXPECT_FALSE(dst.tile_for_overwrite(8, "copy_tile").ok());
}

TEST(SimDstRegisters, IndexPastTheModeIsAnErrorNamingTheOperation) {
  DstRegisters dst({.fp32_accumulation = true, .double_buffered = true});
  auto tile = dst.tile(4, "pack_tile");
  ASSERT_FALSE(tile.ok());
  EXPECT_NE(tile.error().describe().find("pack_tile uses Dst tiles [4, 5) but only 4"),
            std::string::npos)
      << tile.error().describe();
  EXPECT_FALSE(dst.tiles(2, 3, "matmul_block").ok());
}

}  // namespace
}  // namespace tessera::sim
