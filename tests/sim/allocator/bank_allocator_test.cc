#include "tessera/sim/allocator/bank_allocator.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace tessera::sim {
namespace {

BankAllocator make_allocator(AllocationOrder order, uint64_t bank_size = 65536) {
  return std::move(BankAllocator::create({.name = "DRAM",
                                          .num_banks = 12,
                                          .bank_size = bank_size,
                                          .unreserved_base = 1024,
                                          .alignment = 32,
                                          .order = order})
                       .value());
}

TEST(BankAllocatorTest, BottomUpAllocatesFromTheUnreservedBase) {
  BankAllocator allocator = make_allocator(AllocationOrder::kBottomUp);
  EXPECT_EQ(*allocator.allocate(100), 1024u);
  EXPECT_EQ(*allocator.allocate(32), 1024u + 128);
  EXPECT_EQ(allocator.allocation_size(1024), 128u);
}

TEST(BankAllocatorTest, TopDownAllocatesFromTheEnd) {
  BankAllocator allocator = make_allocator(AllocationOrder::kTopDown);
  EXPECT_EQ(*allocator.allocate(100), 65536u - 128);
  EXPECT_EQ(*allocator.allocate(32), 65536u - 160);
}

TEST(BankAllocatorTest, FreedNeighboursCoalesce) {
  BankAllocator allocator = make_allocator(AllocationOrder::kBottomUp);
  uint64_t a = *allocator.allocate(64);
  uint64_t b = *allocator.allocate(64);
  uint64_t c = *allocator.allocate(64);
  ASSERT_TRUE(allocator.free(a).ok());
  ASSERT_TRUE(allocator.free(c).ok());
  EXPECT_EQ(allocator.statistics().num_free_blocks, 2u);
  ASSERT_TRUE(allocator.free(b).ok());
  AllocatorStatistics stats = allocator.statistics();
  EXPECT_EQ(stats.num_free_blocks, 1u);
  EXPECT_EQ(stats.largest_free_block, 65536u - 1024);
  EXPECT_EQ(stats.allocated_bytes, 0u);
}

TEST(BankAllocatorTest, AllocateAtPlacesAtTheGivenAddress) {
  BankAllocator allocator = make_allocator(AllocationOrder::kBottomUp);
  ASSERT_TRUE(allocator.allocate_at(4096, 1000).ok());
  EXPECT_EQ(allocator.allocation_size(4096), 1024u);
  // The next chosen address skips the placed block when the hole is too small.
  EXPECT_EQ(*allocator.allocate(3072), 1024u);
  EXPECT_EQ(*allocator.allocate(64), 4096u + 1024);
}

// Each violation of allocate_at gives its own message, with the numbers.
TEST(BankAllocatorTest, AllocateAtViolationsHaveDistinctMessages) {
  BankAllocator allocator = make_allocator(AllocationOrder::kBottomUp);
  ASSERT_TRUE(allocator.allocate_at(8192, 256).ok());

  Status zero = allocator.allocate_at(0, 64);
  Status misaligned = allocator.allocate_at(2050, 64);
  Status below = allocator.allocate_at(512, 64);
  Status past = allocator.allocate_at(65536 - 64, 128);
  Status overlap = allocator.allocate_at(8192 + 128, 256);
  for (const Status* status : {&zero, &misaligned, &below, &past, &overlap}) {
    ASSERT_FALSE(status->ok());
  }
  EXPECT_NE(zero.error().message().find("address 0"), std::string::npos);
  EXPECT_NE(misaligned.error().message().find("2050 is not aligned to 32"), std::string::npos);
  EXPECT_NE(below.error().message().find("512 is below the unreserved base 1024"),
            std::string::npos);
  EXPECT_NE(past.error().message().find("past the end of the 65536-byte bank"), std::string::npos);
  EXPECT_NE(overlap.error().message().find("overlaps the live allocation [8192, 8448)"),
            std::string::npos);
  EXPECT_EQ(overlap.error().code(), ErrorCode::kAlreadyExists);
  // Nothing changed.
  EXPECT_EQ(allocator.statistics().num_allocations, 1u);
}

TEST(BankAllocatorTest, OutOfMemorySaysWhatWasAskedAndWhatIsLeft) {
  BankAllocator allocator = make_allocator(AllocationOrder::kBottomUp, 8192);
  ASSERT_TRUE(allocator.allocate_at(4096, 64).ok());
  Result<uint64_t> too_big = allocator.allocate(4096);
  ASSERT_FALSE(too_big.ok());
  const std::string& message = too_big.error().message();
  EXPECT_EQ(too_big.error().code(), ErrorCode::kOutOfMemory);
  EXPECT_NE(message.find("4096 bytes per bank"), std::string::npos) << message;
  EXPECT_NE(message.find("12 banks"), std::string::npos) << message;
  EXPECT_NE(message.find("49152 bytes in total"), std::string::npos) << message;
  EXPECT_NE(message.find("7104 bytes free"), std::string::npos) << message;
  EXPECT_NE(message.find("largest free block 4032"), std::string::npos) << message;
}

TEST(BankAllocatorTest, FreeOfAnUnknownAddressIsAnError) {
  BankAllocator allocator = make_allocator(AllocationOrder::kBottomUp);
  uint64_t a = *allocator.allocate(64);
  EXPECT_FALSE(allocator.free(a + 32).ok());
  ASSERT_TRUE(allocator.free(a).ok());
  Status twice = allocator.free(a);
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().code(), ErrorCode::kNotFound);
}

TEST(BankAllocatorTest, ReportListsEveryBlock) {
  BankAllocator allocator = make_allocator(AllocationOrder::kBottomUp);
  ASSERT_TRUE(allocator.allocate_at(2048, 64).ok());
  nlohmann::json report = allocator.report();
  EXPECT_EQ(report["name"], "DRAM");
  ASSERT_EQ(report["blocks"].size(), 3u);
  EXPECT_EQ(report["blocks"][1]["address"], 2048);
  EXPECT_EQ(report["blocks"][1]["state"], "allocated");
  EXPECT_EQ(report["statistics"]["allocated_bytes_per_bank"], 64);
}

TEST(BankAllocatorTest, RejectsBadConfigs) {
  EXPECT_FALSE(
      BankAllocator::create({.name = "L1", .bank_size = 1024, .unreserved_base = 1024}).ok());
  EXPECT_FALSE(BankAllocator::create(
                   {.name = "L1", .bank_size = 4096, .unreserved_base = 0, .alignment = 24})
                   .ok());
}

}  // namespace
}  // namespace tessera::sim
