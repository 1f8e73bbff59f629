#include "tessera/sim/memory/dram_memory.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>

namespace tessera::sim {
namespace {

// Resident set size in bytes, from /proc/self/statm.
uint64_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  uint64_t total = 0, resident = 0;
  statm >> total >> resident;
  return resident * host_page_size();
}

TEST(DramMemoryTest, TwelveGibOfDramCostsOnlyTouchedPages) {
  uint64_t before = resident_bytes();
  Result<DramMemory> dram = DramMemory::create(12, uint64_t{1} << 30);
  ASSERT_TRUE(dram.ok()) << dram.error().describe();
  for (uint32_t channel = 0; channel < 12; ++channel) {
    uint8_t* last = *dram->host_pointer(channel, (uint64_t{1} << 30) - 8, 8);
    std::memcpy(last, "tessera", 8);
  }
  EXPECT_LT(resident_bytes() - before, uint64_t{64} << 20);
  uint8_t* last = *dram->host_pointer(11, (uint64_t{1} << 30) - 8, 8);
  EXPECT_STREQ(reinterpret_cast<const char*>(last), "tessera");
  auto location = dram->locate(reinterpret_cast<uintptr_t>(last));
  ASSERT_TRUE(location.has_value());
  EXPECT_EQ(location->channel, 11u);
  EXPECT_EQ(location->offset, (uint64_t{1} << 30) - 8);
}

TEST(DramMemoryTest, HostPointerChecksBounds) {
  DramMemory dram = std::move(DramMemory::create(2, 4096).value());
  EXPECT_TRUE(dram.host_pointer(1, 0, 4096).ok());
  EXPECT_FALSE(dram.host_pointer(1, 1, 4096).ok());
  EXPECT_FALSE(dram.host_pointer(2, 0, 1).ok());
  EXPECT_FALSE(dram.host_pointer(0, UINT64_MAX, 2).ok());
}

}  // namespace
}  // namespace tessera::sim
