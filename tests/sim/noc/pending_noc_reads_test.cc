// PendingNocReads: copies complete in issue order, the oldest when the
// queue is full, all of them on complete_all; and a NoC issuer with a queue
// keeps its transfers in order (a write after a deferred read sees it).
#include "tessera/sim/noc/pending_noc_reads.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "tessera/sim/arch/chip_descriptor.h"
#include "tessera/sim/jit/kernel_abi.h"
#include "tessera/sim/noc/noc_transfers.h"

namespace tessera::sim {
namespace {

constexpr uint32_t kPage = 1024;

TEST(PendingNocReadsTest, CopiesCompleteOldestFirstWhenFullAndAllOnRequest) {
  constexpr std::size_t kReads = PendingNocReads::kDepth + 3;
  std::vector<std::vector<uint8_t>> sources, targets;
  for (std::size_t i = 0; i < kReads; ++i) {
    sources.emplace_back(kPage, static_cast<uint8_t>(i + 1));
    targets.emplace_back(kPage, 0);
  }
  PendingNocReads pending;
  for (std::size_t i = 0; i < kReads; ++i) {
    pending.add(targets[i].data(), sources[i].data(), kPage);
  }
  EXPECT_EQ(pending.size(), PendingNocReads::kDepth);
  for (std::size_t i = 0; i < kReads; ++i) {
    const bool completed = i < kReads - PendingNocReads::kDepth;
    EXPECT_EQ(targets[i] == sources[i], completed) << "read " << i;
  }
  pending.complete_all();
  EXPECT_EQ(pending.size(), 0u);
  for (std::size_t i = 0; i < kReads; ++i) EXPECT_EQ(targets[i], sources[i]) << "read " << i;
}

TEST(PendingNocReadsTest, ReadsIntoTheSameDestinationLandInIssueOrder) {
  std::vector<uint8_t> first(kPage, 1), second(kPage, 2), target(kPage, 0);
  PendingNocReads pending;
  pending.add(target.data(), first.data(), kPage);
  pending.add(target.data(), second.data(), kPage);
  pending.complete_all();
  EXPECT_EQ(target, second);
}

class PendingNocTransfersTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto chip = Chip::create(*builtin_chip_descriptor(Arch::kWormholeB0));
    ASSERT_TRUE(chip.ok()) << chip.error().describe();
    chip_ = std::move(*chip);
    regions_ = ProgramL1Regions(chip_->descriptor().num_workers());
    regions_.add(0, {"circular buffer 0", kCb, 4 * kPage});
    BufferSpec spec;
    spec.memory_type = MemoryType::kDram;
    spec.size = 12 * kPage;
    spec.page_size = kPage;
    auto buffer = chip_->buffers().allocate(spec);
    ASSERT_TRUE(buffer.ok()) << buffer.error().describe();
    address_ = buffer->address;
    auto host = chip_->dram().host_pointer(0, address_, kPage);
    ASSERT_TRUE(host.ok());
    dram_page0_ = *host;
  }
  NocIssuer issuer() { return {chip_.get(), &regions_, 0, &cache_, &pending_}; }
  uint64_t dram_noc_address(uint64_t offset) {
    const CoreCoord dram = chip_->descriptor().dram_cores[0];
    return TESSERA_NOC_XY_ADDR(dram.x, dram.y, address_ + offset);
  }
  uint8_t* l1(uint32_t offset) {
    return reinterpret_cast<uint8_t*>(
        static_cast<uintptr_t>(chip_->l1().window_base(0) + kCb + offset));
  }
  uint32_t l1_address(uint32_t offset) { return chip_->l1().window_base(0) + kCb + offset; }

  static constexpr uint32_t kCb = 0x20000;
  std::unique_ptr<Chip> chip_;
  ProgramL1Regions regions_;
  NocAccessCache cache_;
  PendingNocReads pending_;
  uint64_t address_ = 0;
  uint8_t* dram_page0_ = nullptr;
};

TEST_F(PendingNocTransfersTest, PageReadsFromDramWaitForTheBarrier) {
  std::memset(dram_page0_, 0x5a, kPage);
  std::memset(l1(0), 0, kPage);
  ASSERT_TRUE(noc_read(issuer(), dram_noc_address(0), l1_address(0), kPage).ok());
  EXPECT_EQ(pending_.size(), 1u);
  complete_noc_reads(issuer());
  EXPECT_EQ(pending_.size(), 0u);
  EXPECT_EQ(std::memcmp(l1(0), dram_page0_, kPage), 0);
}

TEST_F(PendingNocTransfersTest, WordReadsAndLaterTransfersCompleteEarlierReadsFirst) {
  for (uint32_t i = 0; i < kPage; ++i) dram_page0_[i] = static_cast<uint8_t>(i * 3);
  ASSERT_TRUE(noc_read(issuer(), dram_noc_address(0), l1_address(0), kPage).ok());
  // A word read is never deferred, and lands after the page read before it.
  ASSERT_TRUE(noc_read(issuer(), dram_noc_address(8), l1_address(0), 4).ok());
  EXPECT_EQ(pending_.size(), 0u);
  EXPECT_EQ(std::memcmp(l1(0), dram_page0_ + 8, 4), 0);
  EXPECT_EQ(std::memcmp(l1(4), dram_page0_ + 4, kPage - 4), 0);
  // A write of a deferred read's destination carries the read's data.
  std::memset(l1(kPage), 0xee, kPage);
  ASSERT_TRUE(noc_read(issuer(), dram_noc_address(0), l1_address(kPage), kPage).ok());
  ASSERT_EQ(pending_.size(), 1u);
  std::vector<uint8_t> expected(dram_page0_, dram_page0_ + kPage);
  ASSERT_TRUE(noc_write(issuer(), l1_address(kPage), dram_noc_address(0), kPage).ok());
  EXPECT_EQ(pending_.size(), 0u);
  EXPECT_EQ(std::memcmp(dram_page0_, expected.data(), kPage), 0);
}

}  // namespace
}  // namespace tessera::sim
