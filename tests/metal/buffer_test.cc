#include "tessera/metal/buffer.h"

#include <gtest/gtest.h>

#include "tessera/metal/device.h"

namespace tessera::metal {
namespace {

class BufferTest : public testing::Test {
 protected:
  void SetUp() override { device_ = std::move(Device::open(0, sim::Arch::kWormholeB0).value()); }
  std::unique_ptr<Device> device_;
};

TEST_F(BufferTest, DeallocatingTwiceIsAnError) {
  Buffer buffer =
      *create_buffer(*device_, BufferConfig::interleaved(sim::MemoryType::kDram, 4096, 1024));
  EXPECT_TRUE(buffer.is_alive());
  ASSERT_TRUE(deallocate_buffer(buffer).ok());
  EXPECT_FALSE(buffer.is_alive());
  Status twice = deallocate_buffer(buffer);
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.error().describe().find("deallocating DRAM interleaved buffer"),
            std::string::npos);
}

TEST_F(BufferTest, UsingAFreedBufferIsAnError) {
  Buffer buffer =
      *create_buffer(*device_, BufferConfig::interleaved(sim::MemoryType::kL1, 4096, 1024));
  ASSERT_TRUE(deallocate_buffer(buffer).ok());
  // Its slot is reused by a new buffer; the old handle must not reach it.
  Buffer reuse =
      *create_buffer(*device_, BufferConfig::interleaved(sim::MemoryType::kL1, 4096, 1024));
  EXPECT_EQ(reuse.id().slot, buffer.id().slot);
  std::vector<uint8_t> data(4096);
  CommandQueue& queue = **device_->command_queue(0);
  Status write = queue.enqueue_write_buffer(buffer, data, true);
  ASSERT_FALSE(write.ok());
  EXPECT_NE(write.error().describe().find("deallocated"), std::string::npos);
  EXPECT_TRUE(queue.enqueue_write_buffer(reuse, data, true).ok());
}

TEST_F(BufferTest, CompilerAddressPlacementIsChecked) {
  const auto& chip = device_->descriptor();
  uint64_t address = chip.dram_unreserved_base + 1024;
  Buffer placed = *create_buffer_at(
      *device_, BufferConfig::interleaved(sim::MemoryType::kDram, 12 * 2048, 2048), address);
  EXPECT_EQ(placed.address(), address);
  EXPECT_TRUE(placed.info().placed);
  auto overlap = create_buffer_at(
      *device_, BufferConfig::interleaved(sim::MemoryType::kDram, 2048, 2048), address + 1024);
  ASSERT_FALSE(overlap.ok());
  EXPECT_NE(overlap.error().message().find("overlaps"), std::string::npos);
  ASSERT_TRUE(deallocate_buffer(placed).ok());
  EXPECT_TRUE(create_buffer_at(*device_,
                               BufferConfig::interleaved(sim::MemoryType::kDram, 2048, 2048),
                               address + 1024)
                  .ok());
}

TEST_F(BufferTest, EmptyHandleIsAnErrorNotACrash) {
  Buffer empty;
  EXPECT_FALSE(empty.is_alive());
  EXPECT_FALSE(deallocate_buffer(empty).ok());
}

}  // namespace
}  // namespace tessera::metal
