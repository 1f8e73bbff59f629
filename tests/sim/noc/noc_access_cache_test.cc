// The NoC lookups kernels hit per tile: the coordinate table and a kernel's
// cache of covering buffers, which must never outlive a deallocation.
#include "tessera/sim/noc/noc_access_cache.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tessera/sim/arch/noc_core_map.h"
#include "tessera/sim/jit/kernel_abi.h"
#include "tessera/sim/noc/noc_transfers.h"

namespace tessera::sim {
namespace {

using ::testing::HasSubstr;

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

class NocAccessCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto chip = Chip::create(*builtin_chip_descriptor(Arch::kWormholeB0));
    ASSERT_TRUE(chip.ok()) << chip.error().describe();
    chip_ = std::move(*chip);
    regions_ = ProgramL1Regions(chip_->descriptor().num_workers());
    regions_.add(0, {"circular buffer 0", kCb, 4096});
  }
  BufferInfo allocate_dram(uint64_t bytes) {
    BufferSpec spec;
    spec.memory_type = MemoryType::kDram;
    spec.size = bytes;
    spec.page_size = 1024;
    auto info = chip_->buffers().allocate(spec);
    EXPECT_TRUE(info.ok()) << info.error().describe();
    return *info;
  }
  // Page 0 of a DRAM buffer lives in channel 0 at the buffer's address.
  Status read_page0(uint64_t address) {
    const CoreCoord dram = chip_->descriptor().dram_cores[0];
    const NocIssuer issuer{chip_.get(), &regions_, 0, &cache_};
    return noc_read(issuer, TESSERA_NOC_XY_ADDR(dram.x, dram.y, address),
                    chip_->l1().window_base(0) + kCb, 1024);
  }

  static constexpr uint32_t kCb = 0x20000;
  std::unique_ptr<Chip> chip_;
  ProgramL1Regions regions_;
  NocAccessCache cache_;
};

TEST_F(NocAccessCacheTest, RemembersTheBufferATransferLandedIn) {
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

TEST_F(NocAccessCacheTest, ADeallocatedBufferIsNeverCoveredAgain) {
  const BufferInfo buffer = allocate_dram(64 * 1024);
  ASSERT_TRUE(read_page0(buffer.address).ok());
  ASSERT_TRUE(chip_->buffers().deallocate(buffer.id).ok());
  EXPECT_FALSE(cache_.covers(chip_->buffers(), {MemoryType::kDram, 0, buffer.address, {}}, 1024));
  Status status = read_page0(buffer.address);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().message(), HasSubstr("outside every live buffer"));
}

TEST_F(NocAccessCacheTest, AnUnrelatedAllocationOnlyCostsALookup) {
  const BufferInfo buffer = allocate_dram(64 * 1024);
  ASSERT_TRUE(read_page0(buffer.address).ok());
  allocate_dram(4096);  // moves the registry version: the entry is re-checked
  EXPECT_FALSE(cache_.covers(chip_->buffers(), {MemoryType::kDram, 0, buffer.address, {}}, 1024));
  ASSERT_TRUE(read_page0(buffer.address).ok());
  EXPECT_TRUE(cache_.covers(chip_->buffers(), {MemoryType::kDram, 0, buffer.address, {}}, 1024));
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
