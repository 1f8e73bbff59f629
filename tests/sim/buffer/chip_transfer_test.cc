#include <gtest/gtest.h>

#include <cstring>
#include <numeric>

#include "tessera/sim/memory/chip.h"

namespace tessera::sim {
namespace {

std::vector<uint8_t> pattern(size_t size, uint8_t seed) {
  std::vector<uint8_t> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<uint8_t>(i * 7 + seed + i / 251);
  return bytes;
}

class ChipTransferTest : public testing::Test {
 protected:
  void SetUp() override {
    chip_ = std::move(Chip::create(*builtin_chip_descriptor(Arch::kWormholeB0)).value());
  }
  std::unique_ptr<Chip> chip_;
};

TEST_F(ChipTransferTest, InterleavedDramPagesLandInTheirBanks) {
  BufferSpec spec{MemoryType::kDram, 30 * 1000, 1000, BufferLayout::kInterleaved, {}};
  BufferInfo info = *chip_->buffers().allocate(spec);
  std::vector<uint8_t> data = pattern(spec.size, 3);
  ASSERT_TRUE(chip_->write_buffer(info.id, data).ok());
  // Page 13 sits in bank 1, second slot (pages padded to 1024 bytes).
  const uint8_t* device = chip_->bank_base(MemoryType::kDram, 1) + info.address + 1024;
  EXPECT_EQ(std::memcmp(device, data.data() + 13 * 1000, 1000), 0);
  std::vector<uint8_t> back(spec.size);
  ASSERT_TRUE(chip_->read_buffer(info.id, back).ok());
  EXPECT_EQ(back, data);
}

TEST_F(ChipTransferTest, ShardedL1RoundTripsAndIsVisibleThroughKernelAddresses) {
  ShardSpec shard{{{{0, 0}, {2, 2}}}, {64, 64}, {32, 32}, {5, 6}, ShardOrientation::kColMajor};
  BufferSpec spec{MemoryType::kL1, 30 * 256, 256, BufferLayout::kBlockSharded, shard};
  Result<BufferInfo> allocated = chip_->buffers().allocate(spec);
  ASSERT_TRUE(allocated.ok()) << allocated.error().describe();
  BufferInfo info = *allocated;
  std::vector<uint8_t> data = pattern(spec.size, 9);
  ASSERT_TRUE(chip_->write_buffer(info.id, data).ok());
  // Every page is where the page map says, through the core's L1 window.
  for (uint64_t page = 0; page < 30; ++page) {
    PageLocation location = info.pages->location(page);
    uint32_t kernel_address = chip_->l1().window_base(location.bank) +
                              static_cast<uint32_t>(info.address + location.offset);
    const auto* device = reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(kernel_address));
    ASSERT_EQ(std::memcmp(device, data.data() + page * 256, 256), 0) << "page " << page;
  }
  std::vector<uint8_t> back(spec.size);
  ASSERT_TRUE(chip_->read_buffer(info.id, back).ok());
  EXPECT_EQ(back, data);
}

TEST_F(ChipTransferTest, WrongSizesAndFreedBuffersAreErrors) {
  BufferSpec spec{MemoryType::kDram, 4096, 1024, BufferLayout::kInterleaved, {}};
  BufferInfo info = *chip_->buffers().allocate(spec);
  std::vector<uint8_t> small(100);
  Status wrong = chip_->write_buffer(info.id, small);
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.error().message().find("100 bytes"), std::string::npos);
  ASSERT_TRUE(chip_->buffers().deallocate(info.id).ok());
  std::vector<uint8_t> data(4096);
  EXPECT_FALSE(chip_->write_buffer(info.id, data).ok());
  EXPECT_FALSE(chip_->read_buffer(info.id, data).ok());
}

TEST(ChipTest, SeveralChipsOfEveryArchOpenAtOnce) {
  std::vector<std::unique_ptr<Chip>> chips;
  for (Arch arch : {Arch::kGrayskull, Arch::kWormholeB0, Arch::kBlackhole, Arch::kWormholeB0}) {
    Result<std::unique_ptr<Chip>> chip = Chip::create(*builtin_chip_descriptor(arch));
    ASSERT_TRUE(chip.ok()) << chip.error().describe();
    chips.push_back(std::move(chip).value());
  }
  for (size_t i = 0; i < chips.size(); ++i) {
    for (size_t j = i + 1; j < chips.size(); ++j) {
      EXPECT_TRUE(chips[i]->l1().region_end() <= chips[j]->l1().region_begin() ||
                  chips[j]->l1().region_end() <= chips[i]->l1().region_begin());
    }
  }
}

}  // namespace
}  // namespace tessera::sim
