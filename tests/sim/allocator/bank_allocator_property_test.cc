// 100k random allocate / allocate-at / free steps against a reference model.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "tessera/sim/allocator/bank_allocator.h"

namespace tessera::sim {
namespace {

constexpr uint64_t kBase = 1024;
constexpr uint64_t kBankSize = 256 * 1024;
constexpr uint64_t kAlign = 32;

// The simplest possible model: the set of live [address, address + size).
class ReferenceModel {
 public:
  struct Gap {
    uint64_t begin, end;
  };

  std::vector<Gap> gaps() const {
    std::vector<Gap> result;
    uint64_t cursor = kBase;
    for (const auto& [address, size] : live_) {
      if (address > cursor) result.push_back({cursor, address});
      cursor = address + size;
    }
    if (cursor < kBankSize) result.push_back({cursor, kBankSize});
    return result;
  }

  std::optional<uint64_t> expected_address(uint64_t size, AllocationOrder order) const {
    std::vector<Gap> all = gaps();
    if (order == AllocationOrder::kTopDown) std::reverse(all.begin(), all.end());
    for (const Gap& gap : all) {
      if (gap.end - gap.begin >= size) {
        return order == AllocationOrder::kBottomUp ? gap.begin : gap.end - size;
      }
    }
    return std::nullopt;
  }

  bool placeable(uint64_t address, uint64_t size) const {
    if (address == 0 || address % kAlign != 0 || address < kBase || address + size > kBankSize) {
      return false;
    }
    for (const auto& [live, live_size] : live_) {
      if (live < address + size && address < live + live_size) return false;
    }
    return true;
  }

  std::map<uint64_t, uint64_t> live_;
};

uint64_t aligned(uint64_t size) {
  return (size + kAlign - 1) / kAlign * kAlign;
}

void check_consistent(const BankAllocator& allocator, const ReferenceModel& model) {
  std::vector<ReferenceModel::Gap> gaps = model.gaps();
  AllocatorStatistics stats = allocator.statistics();
  uint64_t live_bytes = 0;
  for (const auto& [address, size] : model.live_) live_bytes += size;
  uint64_t largest = 0;
  for (const auto& gap : gaps) largest = std::max(largest, gap.end - gap.begin);
  ASSERT_EQ(stats.total_bytes, kBankSize - kBase);
  ASSERT_EQ(stats.allocated_bytes, live_bytes);
  ASSERT_EQ(stats.free_bytes, stats.total_bytes - live_bytes);
  ASSERT_EQ(stats.num_allocations, model.live_.size());
  ASSERT_EQ(stats.largest_free_block, largest);
  // Maximal gaps == free blocks means every free block is coalesced.
  ASSERT_EQ(stats.num_free_blocks, gaps.size());
}

void check_blocks(const BankAllocator& allocator, const ReferenceModel& model) {
  std::vector<AllocatorBlock> blocks = allocator.blocks();
  uint64_t cursor = kBase;
  bool previous_free = false;
  for (const AllocatorBlock& block : blocks) {
    ASSERT_EQ(block.address, cursor) << "blocks must tile the heap without overlap";
    ASSERT_FALSE(!block.allocated && previous_free) << "adjacent free blocks at " << cursor;
    if (block.allocated) {
      auto live = model.live_.find(block.address);
      ASSERT_NE(live, model.live_.end());
      ASSERT_EQ(live->second, block.size);
    }
    previous_free = !block.allocated;
    cursor += block.size;
  }
  ASSERT_EQ(cursor, kBankSize);
}

void run_random_steps(AllocationOrder order, uint32_t seed) {
  BankAllocator allocator = std::move(BankAllocator::create({.name = "L1",
                                                             .num_banks = 64,
                                                             .bank_size = kBankSize,
                                                             .unreserved_base = kBase,
                                                             .alignment = kAlign,
                                                             .order = order})
                                          .value());
  ReferenceModel model;
  std::mt19937_64 random(seed);
  auto pick = [&](uint64_t low, uint64_t high) {
    return std::uniform_int_distribution<uint64_t>(low, high)(random);
  };
  for (int step = 0; step < 100000; ++step) {
    uint64_t kind = pick(0, 9);
    if (kind < 4) {  // allocate
      uint64_t size = pick(1, 4096);
      std::optional<uint64_t> expected = model.expected_address(aligned(size), order);
      Result<uint64_t> address = allocator.allocate(size);
      ASSERT_EQ(address.ok(), expected.has_value()) << "step " << step;
      if (address.ok()) {
        ASSERT_EQ(*address, *expected) << "first fit at step " << step;
        model.live_[*address] = aligned(size);
      } else {
        ASSERT_EQ(address.error().code(), ErrorCode::kOutOfMemory);
      }
    } else if (kind < 6) {  // allocate at: mostly aligned, sometimes not
      uint64_t address = pick(0, kBankSize / kAlign) * kAlign + (pick(0, 9) == 0 ? 8 : 0);
      uint64_t size = pick(1, 2048);
      bool expected = model.placeable(address, aligned(size));
      Status placed = allocator.allocate_at(address, size);
      ASSERT_EQ(placed.ok(), expected) << "step " << step << " address " << address;
      if (placed.ok()) model.live_[address] = aligned(size);
    } else {  // free: a live block, or now and then a bogus address
      if (model.live_.empty() || pick(0, 19) == 0) {
        uint64_t address = pick(0, kBankSize);
        Status freed = allocator.free(address);
        ASSERT_EQ(freed.ok(), model.live_.count(address) == 1);
        model.live_.erase(address);
      } else {
        auto victim = model.live_.begin();
        std::advance(victim, pick(0, model.live_.size() - 1));
        ASSERT_TRUE(allocator.free(victim->first).ok());
        model.live_.erase(victim);
      }
    }
    check_consistent(allocator, model);
    if (step % 97 == 0) check_blocks(allocator, model);
    if (testing::Test::HasFatalFailure()) return;
  }
  check_blocks(allocator, model);
}

TEST(BankAllocatorPropertyTest, BottomUpMatchesTheReferenceModel) {
  run_random_steps(AllocationOrder::kBottomUp, 1);
}

TEST(BankAllocatorPropertyTest, TopDownMatchesTheReferenceModel) {
  run_random_steps(AllocationOrder::kTopDown, 2);
}

}  // namespace
}  // namespace tessera::sim
