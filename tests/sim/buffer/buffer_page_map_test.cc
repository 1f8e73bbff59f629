// Every layout's page mapping against a reference that walks the device side
// (cores, then slots) instead of the host side.
#include "tessera/sim/buffer/buffer_page_map.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

namespace tessera::sim {
namespace {

constexpr CoreCoord kGrid{8, 8};
constexpr uint64_t kAlign = 32;
constexpr uint64_t kBankSize = uint64_t{1} << 30;  // a Wormhole DRAM channel

using ::testing::HasSubstr;
using Expected = std::map<uint64_t, PageLocation>;  // host page -> location

// Interleaved reference: bank b holds pages b, b + n, b + 2n ... in order.
Expected interleaved_reference(uint64_t num_pages, uint32_t banks, uint64_t aligned_page) {
  Expected expected;
  for (uint32_t bank = 0; bank < banks; ++bank) {
    uint64_t slot = 0;
    for (uint64_t page = bank; page < num_pages; page += banks) {
      expected[page] = {bank, slot++ * aligned_page};
    }
  }
  return expected;
}

// Sharded reference: list the shards' cores the way tt-metal documents them,
// then fill each shard's slots row by row from the tensor.
Expected sharded_reference(BufferLayout layout, const ShardSpec& shard, uint64_t aligned_page) {
  uint32_t sh = shard.shard_shape[0] / shard.page_shape[0];
  uint32_t sw = shard.shard_shape[1] / shard.page_shape[1];
  uint32_t rows = shard.tensor_pages[0], cols = shard.tensor_pages[1];
  uint32_t shard_rows = (rows + sh - 1) / sh, shard_cols = (cols + sw - 1) / sw;
  std::vector<std::pair<uint32_t, uint32_t>> shard_order;  // (shard row, shard col) per core
  std::vector<CoreCoord> cores;
  const CoreRange& first = shard.cores.front();
  bool row_major = shard.orientation == ShardOrientation::kRowMajor;
  if (layout == BufferLayout::kBlockSharded) {
    for (uint32_t r = 0; r < shard_rows; ++r) {
      for (uint32_t c = 0; c < shard_cols; ++c) {
        shard_order.push_back({r, c});
        cores.push_back(row_major ? CoreCoord{first.start.x + c, first.start.y + r}
                                  : CoreCoord{first.start.x + r, first.start.y + c});
      }
    }
  } else {
    std::vector<CoreCoord> all;
    for (const CoreRange& range : shard.cores) {
      for (uint32_t i = 0; i < range.size(); ++i) {
        uint32_t along = row_major ? i % range.width() : i / range.height();
        uint32_t across = row_major ? i / range.width() : i % range.height();
        all.push_back({range.start.x + along, range.start.y + across});
      }
    }
    uint32_t shards = layout == BufferLayout::kHeightSharded ? shard_rows : shard_cols;
    for (uint32_t s = 0; s < shards; ++s) {
      shard_order.push_back(layout == BufferLayout::kHeightSharded ? std::pair{s, 0u}
                                                                   : std::pair{0u, s});
      cores.push_back(all[s]);
    }
  }
  Expected expected;
  for (size_t s = 0; s < cores.size(); ++s) {
    uint32_t bank = cores[s].y * kGrid.x + cores[s].x;
    for (uint32_t lr = 0; lr < sh; ++lr) {
      for (uint32_t lc = 0; lc < sw; ++lc) {
        uint32_t row = shard_order[s].first * sh + lr, col = shard_order[s].second * sw + lc;
        if (row >= rows || col >= cols) continue;  // padding slot of an edge shard
        expected[uint64_t{row} * cols + col] = {bank, (lr * sw + lc) * aligned_page};
      }
    }
  }
  return expected;
}

void expect_map_matches(const BufferPageMap& map, const Expected& expected) {
  ASSERT_EQ(expected.size(), map.num_pages());
  for (const auto& [page, location] : expected) {
    ASSERT_EQ(map.location(page), location) << "host page " << page;
    ASSERT_EQ(map.host_page_at(location.bank, location.offset), page) << "host page " << page;
    ASSERT_TRUE(map.uses_bank(location.bank));
  }
}

TEST(BufferPageMapTest, InterleavedDram) {
  BufferSpec spec{MemoryType::kDram, 1000 * 2048, 2048, BufferLayout::kInterleaved, {}};
  BufferPageMap map = *BufferPageMap::create(spec, 12, kGrid, kAlign, kBankSize);
  EXPECT_EQ(map.bytes_per_bank(), 84u * 2048);  // ceil(1000 / 12) pages per bank
  expect_map_matches(map, interleaved_reference(1000, 12, 2048));
}

TEST(BufferPageMapTest, InterleavedPagesAreAligned) {
  BufferSpec spec{MemoryType::kL1, 100 * 100, 100, BufferLayout::kInterleaved, {}};
  BufferPageMap map = *BufferPageMap::create(spec, 64, kGrid, 16, kBankSize);
  EXPECT_EQ(map.aligned_page_size(), 112u);
  expect_map_matches(map, interleaved_reference(100, 64, 112));
  // Bytes between a page's end and the next aligned slot belong to no page.
  EXPECT_FALSE(map.host_page_at(0, 100).has_value());
}

struct ShardCase {
  const char* name;
  BufferLayout layout;
  ShardOrientation orientation;
  std::vector<CoreRange> cores;
  std::array<uint32_t, 2> shard_shape;
  std::array<uint32_t, 2> tensor_pages;
};

class ShardedPageMapTest : public testing::TestWithParam<ShardCase> {};

TEST_P(ShardedPageMapTest, MatchesTheReference) {
  const ShardCase& c = GetParam();
  ShardSpec shard{c.cores, c.shard_shape, {32, 32}, c.tensor_pages, c.orientation};
  uint64_t pages = uint64_t{c.tensor_pages[0]} * c.tensor_pages[1];
  BufferSpec spec{MemoryType::kL1, pages * 2048, 2048, c.layout, shard};
  Result<BufferPageMap> map = BufferPageMap::create(spec, 64, kGrid, 16, kBankSize);
  ASSERT_TRUE(map.ok()) << map.error().describe();
  expect_map_matches(*map, sharded_reference(c.layout, shard, 2048));
}

INSTANTIATE_TEST_SUITE_P(Layouts, ShardedPageMapTest,
                         testing::Values(
                             // 10 x 2 pages, 3-page-tall shards: 4 shards, the last one partial.
                             ShardCase{"HeightRowMajor",
                                       BufferLayout::kHeightSharded,
                                       ShardOrientation::kRowMajor,
                                       {{{0, 0}, {2, 0}}, {{0, 1}, {1, 1}}},
                                       {96, 64},
                                       {10, 2}},
                             ShardCase{"HeightColMajor",
                                       BufferLayout::kHeightSharded,
                                       ShardOrientation::kColMajor,
                                       {{{1, 1}, {2, 3}}},
                                       {64, 64},
                                       {11, 2}},
                             ShardCase{"WidthRowMajor",
                                       BufferLayout::kWidthSharded,
                                       ShardOrientation::kRowMajor,
                                       {{{0, 0}, {3, 1}}},
                                       {64, 96},
                                       {2, 20}},
                             ShardCase{"WidthColMajor",
                                       BufferLayout::kWidthSharded,
                                       ShardOrientation::kColMajor,
                                       {{{0, 0}, {1, 3}}},
                                       {96, 64},
                                       {3, 13}},
                             ShardCase{"BlockRowMajor",
                                       BufferLayout::kBlockSharded,
                                       ShardOrientation::kRowMajor,
                                       {{{2, 1}, {5, 3}}},
                                       {64, 96},
                                       {5, 11}},
                             ShardCase{"BlockColMajor",
                                       BufferLayout::kBlockSharded,
                                       ShardOrientation::kColMajor,
                                       {{{0, 0}, {2, 3}}},
                                       {64, 64},
                                       {6, 7}}),
                         [](const testing::TestParamInfo<ShardCase>& info) {
                           return info.param.name;
                         });

TEST(BufferPageMapTest, RejectsShardSpecsThatDoNotFit) {
  auto make = [](BufferLayout layout, std::vector<CoreRange> cores, std::array<uint32_t, 2> shape,
                 std::array<uint32_t, 2> tensor) {
    ShardSpec shard{std::move(cores), shape, {32, 32}, tensor, ShardOrientation::kRowMajor};
    uint64_t pages = uint64_t{tensor[0]} * tensor[1];
    return BufferPageMap::create({MemoryType::kL1, pages * 64, 64, layout, shard}, 64, kGrid, 16,
                                 kBankSize);
  };
  // Too few cores for the shards.
  EXPECT_FALSE(make(BufferLayout::kHeightSharded, {{{0, 0}, {1, 0}}}, {32, 64}, {3, 2}).ok());
  // Height shards must span the width.
  EXPECT_FALSE(make(BufferLayout::kHeightSharded, {{{0, 0}, {3, 0}}}, {32, 32}, {2, 2}).ok());
  // Shard not a whole number of pages.
  EXPECT_FALSE(make(BufferLayout::kBlockSharded, {{{0, 0}, {1, 1}}}, {48, 32}, {2, 2}).ok());
  // Block grid larger than the core range.
  EXPECT_FALSE(make(BufferLayout::kBlockSharded, {{{0, 0}, {1, 1}}}, {32, 32}, {3, 2}).ok());
  // Cores outside the worker grid.
  EXPECT_FALSE(make(BufferLayout::kWidthSharded, {{{7, 7}, {8, 7}}}, {32, 32}, {1, 2}).ok());
  // A range as large as a binary's numbers allow is refused before its
  // cores are listed (the fuzzer found 2^28 of them allocated first).
  auto huge = make(BufferLayout::kWidthSharded, {{{0, 0}, {60000, 60000}}}, {32, 32}, {1, 2});
  ASSERT_FALSE(huge.ok());
  EXPECT_NE(huge.error().message().find("shard core (60000, 60000) is outside the worker grid"),
            std::string::npos)
      << huge.error().message();
  // Sharded without a shard spec, and a size that is not whole pages.
  EXPECT_FALSE(BufferPageMap::create({MemoryType::kL1, 4096, 64, BufferLayout::kBlockSharded, {}},
                                     64, kGrid, 16, kBankSize)
                   .ok());
  EXPECT_FALSE(BufferPageMap::create({MemoryType::kDram, 100, 64, BufferLayout::kInterleaved, {}},
                                     12, kGrid, 32, kBankSize)
                   .ok());
}

// tt-metal's BufferDistributionSpec, against a hand-made reference: a 3-d
// tensor of 2x5x4 pages in shards of 1x2x3 (edge shards padded) is a grid
// of 2x3x2 = 12 shards, dealt to 5 DRAM banks: shard s on bank s % 5 at
// slot block s / 5; within a shard, pages row-major over its full shape.
TEST(BufferPageMapTest, NdShardsAreDealtRoundRobinToTheirCores) {
  DistributionSpec nd{{2, 5, 4}, {1, 2, 3}, {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}}};
  BufferSpec spec{MemoryType::kDram, 40 * 64, 64, BufferLayout::kNdSharded, std::nullopt, nd};
  auto map = BufferPageMap::create(spec, 12, kGrid, kAlign, kBankSize);
  ASSERT_TRUE(map.ok()) << map.error().describe();
  const uint64_t aligned = 64;
  for (uint64_t page = 0; page < 40; ++page) {
    const uint64_t d0 = page / 20, d1 = (page / 4) % 5, d2 = page % 4;
    const uint64_t shard = (d0 * 3 + d1 / 2) * 2 + d2 / 3;
    const uint64_t in_shard = (d1 % 2) * 3 + d2 % 3;
    const PageLocation expected{static_cast<uint32_t>(shard % 5),
                                ((shard / 5) * 6 + in_shard) * aligned};
    ASSERT_EQ(map->location(page), expected) << "page " << page;
    ASSERT_EQ(map->host_page_at(expected.bank, expected.offset), page) << "page " << page;
  }
  // 12 shards over 5 banks: 3 shard blocks of 6 pages in each bank.
  EXPECT_EQ(map->bytes_per_bank(), 3 * 6 * aligned);
  // Shard 1 (bank 1) is an edge shard: its slot 1 (dim 2 index 4) is padding.
  EXPECT_FALSE(map->host_page_at(1, 1 * aligned).has_value());
}

// On L1 the cores are worker cores: the distribution of a 2x2 block grid
// puts shard (1, 0) on core (x=0, y=1).
TEST(BufferPageMapTest, NdShardsOnWorkerCores) {
  DistributionSpec nd{{4, 2}, {2, 1}, {{0, 0}, {1, 0}, {0, 1}, {1, 1}}};
  BufferSpec spec{MemoryType::kL1, 8 * 128, 128, BufferLayout::kNdSharded, std::nullopt, nd};
  auto map = BufferPageMap::create(spec, 64, kGrid, 16, kBankSize);
  ASSERT_TRUE(map.ok()) << map.error().describe();
  EXPECT_EQ(map->location(4), (PageLocation{kGrid.x * 1 + 0, 0}));    // row 2, col 0
  EXPECT_EQ(map->location(7), (PageLocation{kGrid.x * 1 + 1, 128}));  // row 3, col 1
}

TEST(BufferPageMapTest, RejectsDistributionSpecsThatDoNotFit) {
  auto make = [](DistributionSpec nd, uint64_t pages) {
    return BufferPageMap::create(
        {MemoryType::kDram, pages * 64, 64, BufferLayout::kNdSharded, std::nullopt, std::move(nd)},
        12, kGrid, 32, kBankSize);
  };
  EXPECT_TRUE(make({{4, 4}, {2, 2}, {{0, 0}}}, 16).ok());
  EXPECT_FALSE(make({{4, 4}, {2, 2}, {{0, 0}}}, 12).ok());   // pages disagree
  EXPECT_FALSE(make({{4, 4}, {2}, {{0, 0}}}, 16).ok());      // ranks disagree
  EXPECT_FALSE(make({{4, 4}, {2, 0}, {{0, 0}}}, 16).ok());   // empty shard
  EXPECT_FALSE(make({{4, 4}, {2, 2}, {}}, 16).ok());         // no cores
  EXPECT_FALSE(make({{4, 4}, {2, 2}, {{12, 0}}}, 16).ok());  // no such bank
  EXPECT_FALSE(make({{4, 4}, {2, 2}, {{0, 1}}}, 16).ok());   // not a DRAM channel
  EXPECT_FALSE(BufferPageMap::create({MemoryType::kDram, 1024, 64, BufferLayout::kNdSharded, {}},
                                     12, kGrid, 32, kBankSize)
                   .ok());  // no spec
}

// A shard may be larger than the tensor (its edge is padding), but its
// slots must fit a bank. The fuzzer found a current-layout CreateBuffer
// whose 2-page tensor had shards of 2^31 + 1 pages: the slot table of 16 GiB
// was allocated before anything looked at the bank.
TEST(BufferPageMapTest, RejectsShardsLargerThanABankBeforeBuildingTables) {
  auto nd = [](std::vector<uint32_t> tensor, std::vector<uint32_t> shard) {
    uint64_t pages = 1;
    for (uint32_t dim : tensor) pages *= dim;
    return BufferPageMap::create({MemoryType::kDram, pages * 64, 64, BufferLayout::kNdSharded,
                                  std::nullopt, DistributionSpec{tensor, shard, {{0, 0}}}},
                                 12, kGrid, 32, kBankSize);
  };
  // 2^25 slots of 64 bytes: 2 GiB, twice what the bank holds.
  auto too_large = nd({2, 1}, {1u << 25, 1});
  ASSERT_FALSE(too_large.ok());
  EXPECT_THAT(too_large.error().message(),
              HasSubstr("needs 33554432 page slots of 64 bytes in each bank it uses, more than a "
                        "bank holds (1073741824 bytes)"));
  EXPECT_TRUE(nd({2, 1}, {1u << 23, 1}).ok());  // 512 MiB of padding fits
  // A shard volume that overflows 64 bits saturates instead of wrapping to 0.
  const uint32_t big = 1u << 31;
  EXPECT_FALSE(nd({1, 1, 1}, {big, big, big}).ok());

  ShardSpec block{
      {{{0, 0}, {0, 0}}}, {1u << 30, 1u << 30}, {32, 32}, {1, 1}, ShardOrientation::kRowMajor};
  auto block_too_large = BufferPageMap::create(
      {MemoryType::kL1, 64, 64, BufferLayout::kBlockSharded, block}, 64, kGrid, 16, 1464 * 1024);
  ASSERT_FALSE(block_too_large.ok());
  EXPECT_THAT(block_too_large.error().message(),
              HasSubstr("more than a bank holds (1499136 bytes)"));

  // Each shard fits a bank (16,384 slots of 64 bytes), but the 64 cores are
  // listed twice: 128 shards, 128 MiB of pages against the 91.5 MiB that
  // 64 banks hold. Without the check the page table alone took 32 MiB, and
  // a longer list as much as a binary's bytes allow.
  ShardSpec twice{{{{0, 0}, {7, 7}}, {{0, 0}, {7, 7}}},
                  {16384 * 32, 32},
                  {32, 32},
                  {128 * 16384, 1},
                  ShardOrientation::kRowMajor};
  auto duplicated = BufferPageMap::create(
      {MemoryType::kL1, uint64_t{128} * 16384 * 64, 64, BufferLayout::kHeightSharded, twice}, 64,
      kGrid, 16, 1464 * 1024);
  ASSERT_FALSE(duplicated.ok());
  EXPECT_THAT(duplicated.error().message(),
              HasSubstr("needs 2097152 pages of 64 bytes, more than its 64 banks of 1499136 "
                        "bytes hold together"));
}

// A DRAM-sharded buffer of 32-byte pages that fits its banks can still need
// more host memory for its page tables than the buffer takes on the device.
TEST(BufferPageMapTest, RefusesPageTablesPastTheTensorLimit) {
  auto dram_sharded = [](uint32_t pages) {
    std::vector<CoreCoord> channels;
    for (uint32_t channel = 0; channel < 12; ++channel) channels.push_back({channel, 0});
    return BufferPageMap::create(
        {MemoryType::kDram, uint64_t{pages} * 32, 32, BufferLayout::kNdSharded, std::nullopt,
         DistributionSpec{{pages, 1}, {1u << 20, 1}, channels}},
        12, kGrid, 32, kBankSize);
  };
  // 2^24 pages (512 MiB on the device, 64 MiB in each of the 12 banks): 256
  // MiB of locations and 192 MiB of slot tables.
  auto too_large = dram_sharded(1u << 24);
  ASSERT_FALSE(too_large.ok());
  EXPECT_EQ(too_large.error().code(), ErrorCode::kOutOfMemory);
  EXPECT_THAT(too_large.error().message(),
              HasSubstr("DRAM nd-sharded buffer of 536870912 bytes (page 32): its page table "
                        "needs 469762048 bytes, past the limit of"));
  EXPECT_TRUE(dram_sharded(1u << 22).ok());  // 64 MiB of locations, 32 MiB of slots
}

}  // namespace
}  // namespace tessera::sim
