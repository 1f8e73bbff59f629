#include "tessera/sim/memory/dram_memory.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>

#include "../../support/huge_pages.h"

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

using testing::kHuge;

// Shared DRAM gets huge pages where something was written, keeps every
// byte, and leaves chunks nothing touched without memory.
TEST(DramMemoryTest, SharedDramGetsHugePagesWhereTouchedOnly) {
  if (host_page_size() != 4096 || !testing::kernel_collapses_shared_memory()) {
    GTEST_SKIP() << "this kernel gives shared memory no huge pages on request";
  }
  DramMemory dram = std::move(DramMemory::create(2, 16 * kHuge, /*shared=*/true).value());
  uint8_t* channel = dram.channel_base(1);
  ASSERT_EQ(reinterpret_cast<uintptr_t>(channel) % kHuge, 0u);
  for (uint64_t offset : {uint64_t{100}, kHuge + 4096 * 7, 2 * kHuge - 1}) channel[offset] = 0x5a;
  const uint64_t before = testing::shared_huge_page_bytes();
  dram.back_touched_with_huge_pages(1, 50, 3 * kHuge);  // chunks 0 and 1 touched, 2 not
  EXPECT_EQ(testing::shared_huge_page_bytes() - before, 2 * kHuge);
  EXPECT_EQ(testing::resident_pages(channel, 2 * kHuge), 2 * kHuge / 4096);
  EXPECT_EQ(testing::resident_pages(channel + 2 * kHuge, kHuge), 0u);
  for (uint64_t offset : {uint64_t{100}, kHuge + 4096 * 7, 2 * kHuge - 1}) {
    EXPECT_EQ(channel[offset], 0x5a) << offset;
  }
  EXPECT_EQ(channel[101], 0);
  // A device process attaching the same memory sees the same bytes.
  DramMemory attached = std::move(DramMemory::attach(dram.fd(), 2, 16 * kHuge).value());
  EXPECT_EQ(attached.channel_base(1)[kHuge + 4096 * 7], 0x5a);
}

// Private DRAM asked for huge pages when it was mapped; nothing to do.
TEST(DramMemoryTest, PrivateDramIsLeftToTheKernel) {
  DramMemory dram = std::move(DramMemory::create(1, 4 * kHuge).value());
  dram.channel_base(0)[0] = 1;
  dram.back_touched_with_huge_pages(0, 0, 4 * kHuge);
  EXPECT_EQ(dram.channel_base(0)[0], 1);
  EXPECT_EQ(testing::resident_pages(dram.channel_base(0) + kHuge, kHuge), 0u);
}

}  // namespace
}  // namespace tessera::sim
