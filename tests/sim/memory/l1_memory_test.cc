#include "tessera/sim/memory/l1_memory.h"

#include <gtest/gtest.h>

#include <cstring>

namespace tessera::sim {
namespace {

constexpr uint64_t kWormholeL1 = 1499136;

TEST(L1MemoryTest, EveryWindowIsBelow4GibAndHoldsItsOwnData) {
  Result<L1Memory> l1 = L1Memory::create(64, kWormholeL1);
  ASSERT_TRUE(l1.ok()) << l1.error().describe();
  EXPECT_LE(l1->region_end(), uint64_t{1} << 32);
  EXPECT_GE(l1->window_stride(), kWormholeL1);
  for (uint32_t core = 0; core < 64; ++core) {
    uint32_t base = l1->window_base(core);
    EXPECT_EQ(base, l1->region_begin() + core * l1->window_stride());
    // A kernel's view: a uint32_t L1 address cast to a pointer.
    auto* word = reinterpret_cast<uint32_t*>(static_cast<uintptr_t>(base + 1024));
    *word = 0xC0DE0000u + core;
  }
  for (uint32_t core = 0; core < 64; ++core) {
    Result<uint8_t*> pointer = l1->host_pointer(core, 1024, 4);
    ASSERT_TRUE(pointer.ok());
    uint32_t value;
    std::memcpy(&value, *pointer, 4);
    EXPECT_EQ(value, 0xC0DE0000u + core);
  }
}

TEST(L1MemoryTest, LocateInvertsHostPointer) {
  L1Memory l1 = std::move(L1Memory::create(4, 4096 * 3 + 100).value());
  for (uint32_t core = 0; core < 4; ++core) {
    for (uint64_t offset : {uint64_t{0}, uint64_t{17}, uint64_t{4096 * 3 + 99}}) {
      uint8_t* pointer = *l1.host_pointer(core, offset, 1);
      auto location = l1.locate(reinterpret_cast<uintptr_t>(pointer));
      ASSERT_TRUE(location.has_value());
      EXPECT_EQ(location->core, core);
      EXPECT_EQ(location->offset, offset);
    }
  }
  // Padding after the L1 size, the guard page and addresses outside the region.
  EXPECT_FALSE(l1.locate(l1.window_base(0) + 4096 * 3 + 100).has_value());
  EXPECT_FALSE(l1.locate(l1.window_base(1) - 1).has_value());
  EXPECT_FALSE(l1.locate(l1.region_end()).has_value());
  EXPECT_FALSE(l1.locate(l1.region_begin() - 1).has_value());
}

TEST(L1MemoryTest, HostPointerChecksBounds) {
  L1Memory l1 = std::move(L1Memory::create(2, 8192).value());
  EXPECT_TRUE(l1.host_pointer(1, 8192 - 16, 16).ok());
  Result<uint8_t*> past = l1.host_pointer(1, 8192 - 16, 17);
  ASSERT_FALSE(past.ok());
  EXPECT_EQ(past.error().code(), ErrorCode::kOutOfRange);
  EXPECT_NE(past.error().message().find("8193"), std::string::npos);
  Result<uint8_t*> core = l1.host_pointer(2, 0, 1);
  ASSERT_FALSE(core.ok());
  EXPECT_NE(core.error().message().find("core 2"), std::string::npos);
}

TEST(L1MemoryTest, SeveralChipsGetDisjointRegions) {
  L1Memory a = std::move(L1Memory::create(64, kWormholeL1).value());
  L1Memory b = std::move(L1Memory::create(130, 1572864).value());
  EXPECT_TRUE(a.region_end() <= b.region_begin() || b.region_end() <= a.region_begin());
  EXPECT_LE(b.region_end(), uint64_t{1} << 32);
}

TEST(L1MemoryDeathTest, AStrayWritePastACoresL1Faults) {
  testing::FLAGS_gtest_death_test_style = "threadsafe";
  L1Memory l1 = std::move(L1Memory::create(2, 8192).value());
  uint8_t* end_of_core0 = *l1.host_pointer(0, 8192, 0);
  EXPECT_DEATH({ *reinterpret_cast<volatile uint8_t*>(end_of_core0) = 1; }, "");
}

}  // namespace
}  // namespace tessera::sim
