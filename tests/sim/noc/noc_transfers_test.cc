// NoC address decoding, endpoint resolution and checked transfers on a chip,
// without kernels.
#include "tessera/sim/noc/noc_transfers.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "tessera/base/cache_bypass_copy.h"
#include "tessera/sim/arch/noc_core_map.h"
#include "tessera/sim/jit/kernel_abi.h"
#include "tessera/sim/noc/noc_address.h"
#include "tessera/sim/noc/noc_endpoint.h"
#include "tessera/sim/noc/pending_noc_reads.h"

namespace tessera::sim {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

class NocTransfersTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto chip = Chip::create(*builtin_chip_descriptor(Arch::kWormholeB0));
    ASSERT_TRUE(chip.ok()) << chip.error().describe();
    chip_ = std::move(*chip);
    regions_ = ProgramL1Regions(chip_->descriptor().num_workers());
    for (uint32_t core = 0; core < regions_.num_cores(); ++core) {
      regions_.add(core, {"circular buffer 0", kCb, 4096});
    }
  }
  NocIssuer issuer(uint32_t core) { return {chip_.get(), &regions_, core}; }
  BufferInfo allocate_dram(uint64_t bytes) {
    BufferSpec spec;
    spec.memory_type = MemoryType::kDram;
    spec.size = bytes;
    spec.page_size = 1024;
    auto info = chip_->buffers().allocate(spec);
    EXPECT_TRUE(info.ok()) << info.error().describe();
    return *info;
  }
  // Page 0 of a DRAM buffer lives in channel 0 at the buffer's address; read
  // through the kernel-style access cache.
  Status read_page0(uint64_t address) {
    const CoreCoord dram = chip_->descriptor().dram_cores[0];
    const NocIssuer cached{chip_.get(), &regions_, 0, &cache_};
    return noc_read(cached, TESSERA_NOC_XY_ADDR(dram.x, dram.y, address), window(0) + kCb, 1024);
  }
  uint32_t window(uint32_t core) { return chip_->l1().window_base(core); }
  CoreCoord noc(uint32_t core) { return chip_->descriptor().worker_cores[core]; }

  static constexpr uint32_t kCb = 0x20000;
  std::unique_ptr<Chip> chip_;
  ProgramL1Regions regions_;
  NocAccessCache cache_;
};

TEST(NocAddressTest, DecodesUnicastAndMulticast) {
  const NocAddress unicast = decode_noc_address(TESSERA_NOC_XY_ADDR(3, 7, 0x1234));
  EXPECT_EQ(unicast.x, 3u);
  EXPECT_EQ(unicast.y, 7u);
  EXPECT_EQ(unicast.local, 0x1234u);
  const NocMulticastAddress rect =
      decode_noc_multicast_address(TESSERA_NOC_MULTICAST_ADDR(1, 2, 4, 5, 0x40));
  EXPECT_EQ(describe(rect), "noc rectangle (1, 2)-(4, 5) + 0x40");
}

// A window address of core 0 written to core 5 lands at the same offset in
// core 5's L1.
TEST_F(NocTransfersTest, WindowAddressesLandAtTheSameOffsetOnTheTarget) {
  auto* src = reinterpret_cast<uint32_t*>(static_cast<uintptr_t>(window(0) + kCb));
  src[0] = 0xfeedbeef;
  const CoreCoord target = noc(5);
  ASSERT_TRUE(noc_write(issuer(0), window(0) + kCb,
                        TESSERA_NOC_XY_ADDR(target.x, target.y, window(0) + kCb), 4)
                  .ok());
  EXPECT_EQ(*reinterpret_cast<uint32_t*>(static_cast<uintptr_t>(window(5) + kCb)), 0xfeedbeefu);
  ASSERT_TRUE(
      noc_atomic_increment(issuer(0), TESSERA_NOC_XY_ADDR(target.x, target.y, kCb), 2).ok());
  EXPECT_EQ(*reinterpret_cast<uint32_t*>(static_cast<uintptr_t>(window(5) + kCb)), 0xfeedbef1u);
}

TEST_F(NocTransfersTest, TransfersOutsideAllocationsNameTargetAndNearest) {
  const CoreCoord target = noc(9);
  Status status = noc_write(issuer(0), window(0) + kCb,
                            TESSERA_NOC_XY_ADDR(target.x, target.y, kCb + 4000), 200);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().message(),
              AllOf(HasSubstr("noc_async_write of 200 bytes"), HasSubstr("L1 of core (1, 1)"),
                    HasSubstr("0x20fa0"), HasSubstr("nearest allocation: circular buffer 0")));
  const CoreCoord dram = chip_->descriptor().dram_cores[2];
  Status read =
      noc_read(issuer(0), TESSERA_NOC_XY_ADDR(dram.x, dram.y, 0x100000), window(0) + kCb, 64);
  ASSERT_FALSE(read.ok());
  EXPECT_THAT(read.error().message(),
              AllOf(HasSubstr("DRAM channel 2"), HasSubstr("no live allocation")));
  Status nowhere = noc_read(issuer(0), TESSERA_NOC_XY_ADDR(0, 0, 0), window(0) + kCb, 64);
  ASSERT_FALSE(nowhere.ok());
  EXPECT_THAT(nowhere.error().message(), HasSubstr("reaches no worker or DRAM core"));
}

TEST_F(NocTransfersTest, MulticastSkipsTheSenderUnlessLoopback) {
  auto* src = reinterpret_cast<uint32_t*>(static_cast<uintptr_t>(window(0) + kCb));
  const CoreCoord start = noc(0), end = noc(chip_->descriptor().worker_index({1, 1}));
  const uint64_t rect = TESSERA_NOC_MULTICAST_ADDR(start.x, start.y, end.x, end.y, kCb + 64);
  src[0] = 77;
  ASSERT_TRUE(noc_write_multicast(issuer(0), window(0) + kCb, rect, 4, false).ok());
  for (CoreCoord core : {CoreCoord{1, 0}, CoreCoord{0, 1}, CoreCoord{1, 1}}) {
    const uint32_t index = chip_->descriptor().worker_index(core);
    EXPECT_EQ(*reinterpret_cast<uint32_t*>(static_cast<uintptr_t>(window(index) + kCb + 64)), 77u);
  }
  EXPECT_EQ(src[16], 0u);
  ASSERT_TRUE(noc_write_multicast(issuer(0), window(0) + kCb, rect, 4, true).ok());
  EXPECT_EQ(src[16], 77u);
}

TEST_F(NocTransfersTest, LocalAddressesMustBeTheIssuersL1) {
  const CoreCoord target = noc(1);
  Status status =
      noc_write(issuer(0), window(3) + kCb, TESSERA_NOC_XY_ADDR(target.x, target.y, kCb), 4);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().message(), HasSubstr("not the issuing core's"));
}

// The lookups every transfer makes: the coordinate table and a kernel's
// cache of covering buffers, which must never outlive a deallocation.
TEST(NocCoreMapTest, AgreesWithTheDescriptorsCoreLists) {
  for (Arch arch : {Arch::kGrayskull, Arch::kWormholeB0, Arch::kBlackhole}) {
    const ChipDescriptor chip = *builtin_chip_descriptor(arch);
    const NocCoreMap map(chip);
    for (uint32_t i = 0; i < chip.worker_cores.size(); ++i) {
      const NocCoreMap::Entry entry = map.at(chip.worker_cores[i].x, chip.worker_cores[i].y);
      EXPECT_EQ(entry.kind, NocCoreMap::Kind::kWorker);
      EXPECT_EQ(entry.index, i);
    }
    for (uint32_t i = 0; i < chip.dram_cores.size(); ++i) {
      const NocCoreMap::Entry entry = map.at(chip.dram_cores[i].x, chip.dram_cores[i].y);
      EXPECT_EQ(entry.kind, NocCoreMap::Kind::kDram);
      EXPECT_EQ(entry.index, i);
    }
    EXPECT_EQ(map.at(255, 255).kind, NocCoreMap::Kind::kNone);
  }
}

TEST_F(NocTransfersTest, AccessCacheRemembersTheBufferATransferLandedIn) {
  const BufferInfo buffer = allocate_dram(64 * 1024);
  EXPECT_FALSE(cache_.covers(chip_->buffers(), {MemoryType::kDram, 0, buffer.address, {}}, 1024));
  ASSERT_TRUE(read_page0(buffer.address).ok());
  EXPECT_TRUE(cache_.covers(chip_->buffers(), {MemoryType::kDram, 0, buffer.address, {}}, 1024));
  // Another bank the buffer uses is covered too; bytes past its end are not.
  EXPECT_TRUE(cache_.covers(chip_->buffers(), {MemoryType::kDram, 5, buffer.address, {}}, 1024));
  EXPECT_FALSE(cache_.covers(chip_->buffers(),
                             {MemoryType::kDram, 0, buffer.address + 64 * 1024, {}}, 1024));
  EXPECT_FALSE(cache_.covers(chip_->buffers(), {MemoryType::kL1, 0, buffer.address, {}}, 1024));
}

TEST_F(NocTransfersTest, AccessCacheADeallocatedBufferIsNeverCoveredAgain) {
  const BufferInfo buffer = allocate_dram(64 * 1024);
  ASSERT_TRUE(read_page0(buffer.address).ok());
  ASSERT_TRUE(chip_->buffers().deallocate(buffer.id).ok());
  EXPECT_FALSE(cache_.covers(chip_->buffers(), {MemoryType::kDram, 0, buffer.address, {}}, 1024));
  Status status = read_page0(buffer.address);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().message(), HasSubstr("outside every live buffer"));
}

TEST_F(NocTransfersTest, AccessCacheAnUnrelatedAllocationOnlyCostsALookup) {
  const BufferInfo buffer = allocate_dram(64 * 1024);
  ASSERT_TRUE(read_page0(buffer.address).ok());
  allocate_dram(4096);  // moves the registry version: the entry is re-checked
  EXPECT_FALSE(cache_.covers(chip_->buffers(), {MemoryType::kDram, 0, buffer.address, {}}, 1024));
  ASSERT_TRUE(read_page0(buffer.address).ok());
  EXPECT_TRUE(cache_.covers(chip_->buffers(), {MemoryType::kDram, 0, buffer.address, {}}, 1024));
}

// Writes into a buffer too large to stay cached take the cache-bypassing
// copy; what lands must be the same bytes, for pages and for single words.
TEST_F(NocTransfersTest, WritesIntoABufferLargerThanTheCacheLandExactly) {
  const uint64_t bytes = (cache_bypass_threshold_bytes() / 1024 + 1) * 1024;
  const BufferInfo buffer = allocate_dram(bytes);
  EXPECT_EQ(cache_.covering_buffer_bytes(chip_->buffers(),
                                         {MemoryType::kDram, 0, buffer.address, {}}, 1024),
            0u);
  ASSERT_TRUE(read_page0(buffer.address).ok());
  EXPECT_EQ(cache_.covering_buffer_bytes(chip_->buffers(),
                                         {MemoryType::kDram, 0, buffer.address, {}}, 1024),
            bytes);
  auto* l1 = reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(window(0) + kCb));
  for (uint32_t i = 0; i < 1024; ++i) l1[i] = static_cast<uint8_t>(i * 7 + 1);
  const CoreCoord dram = chip_->descriptor().dram_cores[0];
  const NocIssuer cached{chip_.get(), &regions_, 0, &cache_};
  ASSERT_TRUE(
      noc_write(cached, window(0) + kCb, TESSERA_NOC_XY_ADDR(dram.x, dram.y, buffer.address), 1024)
          .ok());
  ASSERT_TRUE(noc_write(cached, window(0) + kCb,
                        TESSERA_NOC_XY_ADDR(dram.x, dram.y, buffer.address + 1024), 4)
                  .ok());
  auto host = chip_->dram().host_pointer(0, buffer.address, 1028);
  ASSERT_TRUE(host.ok());
  EXPECT_EQ(std::memcmp(*host, l1, 1024), 0);
  EXPECT_EQ(std::memcmp(*host + 1024, l1, 4), 0);
}

// An issuer that defers page reads from DRAM: its transfers stay in order
// (a word read or a write after a deferred read sees it).
class NocPendingReadsTest : public NocTransfersTest {
 protected:
  static constexpr uint32_t kPage = 1024;
  void SetUp() override {
    NocTransfersTest::SetUp();
    address_ = allocate_dram(12 * kPage).address;
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
    return reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(l1_address(offset)));
  }
  uint32_t l1_address(uint32_t offset) { return window(0) + kCb + offset; }

  PendingNocReads pending_;
  uint64_t address_ = 0;
  uint8_t* dram_page0_ = nullptr;
};

TEST_F(NocPendingReadsTest, PageReadsFromDramWaitForTheBarrier) {
  std::memset(dram_page0_, 0x5a, kPage);
  std::memset(l1(0), 0, kPage);
  ASSERT_TRUE(noc_read(issuer(), dram_noc_address(0), l1_address(0), kPage).ok());
  EXPECT_EQ(pending_.size(), 1u);
  complete_noc_reads(issuer());
  EXPECT_EQ(pending_.size(), 0u);
  EXPECT_EQ(std::memcmp(l1(0), dram_page0_, kPage), 0);
}

TEST_F(NocPendingReadsTest, WordReadsAndLaterTransfersCompleteEarlierReadsFirst) {
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

TEST(NocAddressInL1Test, OnlyWorkerCoordinatesAreL1) {
  auto chip = Chip::create(*builtin_chip_descriptor(Arch::kWormholeB0));
  ASSERT_TRUE(chip.ok());
  const CoreCoord worker = (*chip)->descriptor().worker_cores[7];
  const CoreCoord dram = (*chip)->descriptor().dram_cores[1];
  EXPECT_TRUE(noc_address_in_l1(**chip, TESSERA_NOC_XY_ADDR(worker.x, worker.y, 0x100)));
  EXPECT_FALSE(noc_address_in_l1(**chip, TESSERA_NOC_XY_ADDR(dram.x, dram.y, 0x100)));
}

}  // namespace
}  // namespace tessera::sim
