#include "tessera/sim/buffer/page_map_cache.h"

#include <gtest/gtest.h>

#include "tessera/sim/buffer/buffer_registry.h"

namespace tessera::sim {
namespace {

BufferSpec dram(uint64_t size) {
  return {MemoryType::kDram, size, 1024, BufferLayout::kInterleaved, {}, {}};
}

std::shared_ptr<const BufferPageMap> map_of(const BufferSpec& spec) {
  return std::make_shared<const BufferPageMap>(BufferPageMap::create(spec, 12, {8, 8}, 32).value());
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
