#include "tessera/sim/buffer/page_map_cache.h"

#include <gtest/gtest.h>

#include "tessera/sim/buffer/buffer_registry.h"

namespace tessera::sim {
namespace {

BufferSpec dram(uint64_t size) {
  return {MemoryType::kDram, size, 1024, BufferLayout::kInterleaved, {}, {}};
}

// Banks: 12 DRAM channels, or the 8x8 grid's 64 cores for L1.
std::shared_ptr<const BufferPageMap> map_of(const BufferSpec& spec) {
  const uint32_t banks = spec.memory_type == MemoryType::kL1 ? 64 : 12;
  return std::make_shared<const BufferPageMap>(
      BufferPageMap::create(spec, banks, {8, 8}, 32, uint64_t{1} << 30).value());
}

TEST(PageMapCacheTest, FindsOnlyAnEqualSpec) {
  PageMapCache cache;
  const BufferSpec spec = dram(8 * 1024);
  EXPECT_EQ(cache.find(spec), nullptr);
  auto map = map_of(spec);
  cache.insert(spec, map);
  EXPECT_EQ(cache.find(spec), map);
  EXPECT_EQ(cache.find(dram(16 * 1024)), nullptr);
  BufferSpec in_l1 = spec;
  in_l1.memory_type = MemoryType::kL1;
  EXPECT_EQ(cache.find(in_l1), nullptr);
  BufferSpec sharded = spec;
  sharded.layout = BufferLayout::kHeightSharded;
  sharded.shard = ShardSpec{.cores = {{{0, 0}, {0, 7}}},
                            .shard_shape = {1, 256},
                            .page_shape = {1, 256},
                            .tensor_pages = {8, 1}};
  EXPECT_EQ(cache.find(sharded), nullptr);
  BufferSpec other_cores = sharded;
  other_cores.shard->cores = {{{1, 0}, {1, 7}}};
  cache.insert(sharded, map_of(spec));
  EXPECT_NE(cache.find(sharded), nullptr);
  EXPECT_EQ(cache.find(other_cores), nullptr);
}

TEST(PageMapCacheTest, ReplacesTheOldestEntryWhenFull) {
  PageMapCache cache;
  for (uint64_t i = 1; i <= PageMapCache::kCapacity; ++i) {
    cache.insert(dram(i * 1024), map_of(dram(i * 1024)));
  }
  EXPECT_NE(cache.find(dram(1024)), nullptr);
  cache.insert(dram(1000 * 1024), map_of(dram(1000 * 1024)));
  EXPECT_EQ(cache.find(dram(1024)), nullptr);
  EXPECT_NE(cache.find(dram(2 * 1024)), nullptr);
  EXPECT_NE(cache.find(dram(1000 * 1024)), nullptr);
}

// A height-sharded L1 buffer of `pages` pages over one column of 8 cores.
BufferSpec sharded_l1(uint32_t pages) {
  BufferSpec spec{
      MemoryType::kL1, uint64_t{pages} * 1024, 1024, BufferLayout::kHeightSharded, {}, {}};
  spec.shard = ShardSpec{.cores = {{{0, 0}, {0, 7}}},
                         .shard_shape = {pages / 8, 256},
                         .page_shape = {1, 256},
                         .tensor_pages = {pages, 1}};
  return spec;
}

TEST(PageMapCacheTest, CountsTheHeapBytesOfShardedMapsOnly) {
  EXPECT_EQ(map_of(dram(64 * 1024))->heap_bytes(), 0u);
  const uint64_t small = map_of(sharded_l1(64))->heap_bytes();
  const uint64_t large = map_of(sharded_l1(640))->heap_bytes();
  EXPECT_GE(small, 64 * sizeof(PageLocation));
  EXPECT_GE(large, 640 * sizeof(PageLocation));
  // Each page costs its location and its slot in the reverse table.
  EXPECT_GE(large - small, (640 - 64) * (sizeof(PageLocation) + sizeof(int64_t)));
}

// Maps of big sharded buffers must not pile up: the oldest go once the
// held bytes would pass the budget, and a map bigger than it is not kept.
TEST(PageMapCacheTest, ForgetsTheOldestMapsBeyondItsByteBudget) {
  const uint64_t one = map_of(sharded_l1(64))->heap_bytes();
  PageMapCache cache(3 * one);
  for (uint32_t i = 1; i <= 3; ++i) cache.insert(sharded_l1(64 * i), map_of(sharded_l1(64)));
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.held_bytes(), 3 * one);
  cache.insert(sharded_l1(64 * 4), map_of(sharded_l1(64)));
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.find(sharded_l1(64)), nullptr);
  EXPECT_NE(cache.find(sharded_l1(64 * 4)), nullptr);
  cache.insert(sharded_l1(640), map_of(sharded_l1(640)));
  EXPECT_EQ(cache.find(sharded_l1(640)), nullptr);
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_LE(cache.held_bytes(), 3 * one);
  // Interleaved maps cost nothing and are bounded by the entry count.
  for (uint64_t i = 1; i <= 2 * PageMapCache::kCapacity; ++i) {
    cache.insert(dram(i * 1024), map_of(dram(i * 1024)));
  }
  EXPECT_EQ(cache.size(), PageMapCache::kCapacity);
  EXPECT_EQ(cache.held_bytes(), 0u);
}

// A directory of binaries run round after round allocates hundreds of
// specs; each must find its own map again.
TEST(PageMapCacheTest, KeepsTheSpecsOfManyBinaries) {
  PageMapCache cache;
  std::vector<std::shared_ptr<const BufferPageMap>> maps;
  for (uint32_t i = 1; i <= 300; ++i) {
    maps.push_back(map_of(sharded_l1(8 * i)));
    cache.insert(sharded_l1(8 * i), maps.back());
  }
  for (uint32_t i = 1; i <= 300; ++i) EXPECT_EQ(cache.find(sharded_l1(8 * i)), maps[i - 1]) << i;
  EXPECT_EQ(cache.find(sharded_l1(8 * 301)), nullptr);
}

// The registry maps a spec's pages once: buffers allocated again and again
// (every submit of a binary) share the page map, and it stays right.
TEST(PageMapCacheTest, RegistrySharesThePageMapOfARepeatedSpec) {
  auto chip = builtin_chip_descriptor(Arch::kWormholeB0).value();
  auto registry = std::move(BufferRegistry::create(chip).value());
  const BufferSpec spec = dram(24 * 1024);
  auto first = registry->allocate(spec);
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(registry->deallocate(first->id).ok());
  auto second = registry->allocate(spec);
  auto different = registry->allocate(dram(48 * 1024));
  ASSERT_TRUE(second.ok() && different.ok());
  EXPECT_EQ(second->pages, first->pages);
  EXPECT_NE(different->pages, first->pages);
  EXPECT_EQ(second->pages->num_pages(), 24u);
  EXPECT_EQ(different->pages->num_pages(), 48u);
}

}  // namespace
}  // namespace tessera::sim
