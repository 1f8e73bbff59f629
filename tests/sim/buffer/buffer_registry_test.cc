#include "tessera/sim/buffer/buffer_registry.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace tessera::sim {
namespace {

class BufferRegistryTest : public testing::Test {
 protected:
  void SetUp() override {
    chip_ = *builtin_chip_descriptor(Arch::kWormholeB0);
    registry_ = std::move(BufferRegistry::create(chip_).value());
  }

  static BufferSpec dram(uint64_t size, uint64_t page = 1024) {
    return {MemoryType::kDram, size, page, BufferLayout::kInterleaved, {}};
  }

  ChipDescriptor chip_;
  std::unique_ptr<BufferRegistry> registry_;
};

TEST_F(BufferRegistryTest, AllocatesDramBottomUpAndL1TopDown) {
  Result<BufferInfo> a = registry_->allocate(dram(12 * 1024));
  ASSERT_TRUE(a.ok()) << a.error().describe();
  EXPECT_EQ(a->address, chip_.dram_unreserved_base);
  Result<BufferInfo> b =
      registry_->allocate({MemoryType::kL1, 64 * 2048, 2048, BufferLayout::kInterleaved, {}});
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->address, chip_.l1_size - 2048);
  EXPECT_EQ(registry_->live_buffers().size(), 2u);
}

// Regression: a buffer at a compiler address keeps the registry consistent
// through deallocate and close.
TEST_F(BufferRegistryTest, PlacedBufferStaysConsistentThroughDeallocateAndClose) {
  const uint64_t compiler_address = chip_.dram_unreserved_base + 65536;
  Result<BufferInfo> placed = registry_->allocate_at(dram(24 * 1024), compiler_address);
  ASSERT_TRUE(placed.ok()) << placed.error().describe();
  EXPECT_TRUE(placed->placed);
  EXPECT_EQ(placed->address, compiler_address);
  auto covering = registry_->find_covering(MemoryType::kDram, 5, compiler_address + 1024, 1024);
  ASSERT_TRUE(covering.has_value());
  EXPECT_EQ(covering->id, placed->id);
  EXPECT_EQ(registry_->statistics(MemoryType::kDram).allocated_bytes, 2048u);

  ASSERT_TRUE(registry_->deallocate(placed->id).ok());
  EXPECT_FALSE(registry_->find_covering(MemoryType::kDram, 5, compiler_address, 16).has_value());
  EXPECT_EQ(registry_->statistics(MemoryType::kDram).allocated_bytes, 0u);
  // The same address can be placed again, and close frees it.
  Result<BufferInfo> again = registry_->allocate_at(dram(24 * 1024), compiler_address);
  ASSERT_TRUE(again.ok());
  std::vector<BufferInfo> leaked = registry_->deallocate_all();
  ASSERT_EQ(leaked.size(), 1u);
  EXPECT_EQ(leaked[0].address, compiler_address);
  EXPECT_TRUE(registry_->live_buffers().empty());
  EXPECT_EQ(registry_->statistics(MemoryType::kDram).num_allocations, 0u);
  EXPECT_FALSE(registry_->lookup(again->id).ok());
}

TEST_F(BufferRegistryTest, DeallocatingTwiceIsAnError) {
  BufferInfo info = *registry_->allocate(dram(4096));
  ASSERT_TRUE(registry_->deallocate(info.id).ok());
  Status twice = registry_->deallocate(info.id);
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().code(), ErrorCode::kFailedPrecondition);
  EXPECT_NE(twice.error().message().find("deallocated"), std::string::npos);
}

TEST_F(BufferRegistryTest, StaleHandlesDoNotReachANewBufferInTheSameSlot) {
  BufferInfo first = *registry_->allocate(dram(4096));
  ASSERT_TRUE(registry_->deallocate(first.id).ok());
  BufferInfo second = *registry_->allocate(dram(8192));
  EXPECT_EQ(second.id.slot, first.id.slot);
  EXPECT_FALSE(registry_->lookup(first.id).ok());
  EXPECT_FALSE(registry_->deallocate(first.id).ok());
  EXPECT_TRUE(registry_->lookup(second.id).ok());
  EXPECT_FALSE(registry_->lookup(BufferId{999, 1}).ok());
}

TEST_F(BufferRegistryTest, AllocateAtViolationsKeepTheirDistinctMessages) {
  const uint64_t base = chip_.dram_unreserved_base;
  ASSERT_TRUE(registry_->allocate_at(dram(12 * 1024), base + 4096).ok());
  auto message = [&](uint64_t address) {
    Result<BufferInfo> result = registry_->allocate_at(dram(12 * 1024), address);
    EXPECT_FALSE(result.ok());
    return result.ok() ? std::string() : result.error().describe();
  };
  EXPECT_NE(message(0).find("address 0"), std::string::npos);
  EXPECT_NE(message(base + 4).find("not aligned to 32"), std::string::npos);
  EXPECT_NE(message(base - 32).find("below the unreserved base"), std::string::npos);
  EXPECT_NE(message(chip_.dram_channel_size - 32).find("past the end"), std::string::npos);
  EXPECT_NE(message(base + 4096 + 512).find("overlaps the live allocation"), std::string::npos);
  // Failed placements leave no trace.
  EXPECT_EQ(registry_->live_buffers().size(), 1u);
}

TEST_F(BufferRegistryTest, FindCoveringChecksRangeBankAndMemoryType) {
  ShardSpec shard{{{{0, 0}, {1, 0}}}, {32, 32}, {32, 32}, {2, 1}, ShardOrientation::kRowMajor};
  BufferInfo sharded =
      *registry_->allocate({MemoryType::kL1, 2 * 2048, 2048, BufferLayout::kHeightSharded, shard});
  EXPECT_TRUE(registry_->find_covering(MemoryType::kL1, 1, sharded.address, 2048).has_value());
  EXPECT_FALSE(registry_->find_covering(MemoryType::kL1, 2, sharded.address, 16).has_value());
  EXPECT_FALSE(registry_->find_covering(MemoryType::kL1, 1, sharded.address, 2049).has_value());
  EXPECT_FALSE(registry_->find_covering(MemoryType::kDram, 1, sharded.address, 16).has_value());
  EXPECT_FALSE(registry_->find_covering(MemoryType::kL1, 1, sharded.address - 16, 16).has_value());
}

TEST_F(BufferRegistryTest, OutOfMemoryNamesTheBuffer) {
  Result<BufferInfo> huge = registry_->allocate(dram(uint64_t{13} << 30, uint64_t{1} << 20));
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.error().code(), ErrorCode::kOutOfMemory);
  EXPECT_NE(huge.error().describe().find("DRAM interleaved buffer of 13958643712 bytes"),
            std::string::npos)
      << huge.error().describe();
}

TEST_F(BufferRegistryTest, MemoryReportListsAllocatorsAndBuffers) {
  ASSERT_TRUE(registry_->allocate(dram(4096)).ok());
  nlohmann::json report = registry_->memory_report();
  EXPECT_EQ(report["buffers"].size(), 1u);
  EXPECT_EQ(report["DRAM"]["statistics"]["num_allocations"], 1);
  EXPECT_EQ(report["L1"]["statistics"]["num_allocations"], 0);
  EXPECT_EQ(report["L1"]["order"], "top_down");
}

}  // namespace
}  // namespace tessera::sim
