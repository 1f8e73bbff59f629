#include "tessera/metal/device.h"

#include <gtest/gtest.h>

#include "tessera/metal/buffer.h"

namespace tessera::metal {
namespace {

TEST(DeviceTest, OpensEveryArchWithItsOwnMemory) {
  auto grayskull = Device::open(0, sim::Arch::kGrayskull);
  auto wormhole = Device::open(1, sim::Arch::kWormholeB0, 2);
  auto blackhole = Device::open(2, sim::Arch::kBlackhole);
  ASSERT_TRUE(grayskull.ok() && wormhole.ok() && blackhole.ok());
  EXPECT_EQ((*grayskull)->descriptor().grid, (sim::CoreCoord{12, 9}));
  EXPECT_EQ((*wormhole)->num_command_queues(), 2u);
  EXPECT_NE((*wormhole)->chip()->l1().region_begin(), (*blackhole)->chip()->l1().region_begin());
  EXPECT_TRUE((*wormhole)->command_queue(1).ok());
  EXPECT_FALSE((*grayskull)->command_queue(1).ok());
}

TEST(DeviceTest, RejectsDuplicateIdsAndBadQueueCounts) {
  auto first = Device::open(0, sim::Arch::kWormholeB0);
  ASSERT_TRUE(first.ok());
  auto again = Device::open(0, sim::Arch::kWormholeB0);
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.error().message().find("already open"), std::string::npos);
  EXPECT_FALSE(Device::open(1, sim::Arch::kWormholeB0, 3).ok());
  EXPECT_FALSE(Device::open(1, sim::Arch::kWormholeB0, 0).ok());
  (*first)->close();
  EXPECT_TRUE(Device::open(0, sim::Arch::kWormholeB0).ok());
}

TEST(DeviceTest, OpensFromACustomDescriptorAndRejectsBrokenOnes) {
  sim::ChipDescriptor chip = *sim::builtin_chip_descriptor(sim::Arch::kWormholeB0);
  chip.l1_unreserved_base = 1024;
  auto device = Device::open(0, chip);
  ASSERT_TRUE(device.ok());
  EXPECT_EQ((*device)->descriptor().l1_unreserved_base, 1024u);
  chip.worker_cores.clear();
  auto broken = Device::open(1, chip);
  ASSERT_FALSE(broken.ok());
  EXPECT_NE(broken.error().describe().find("opening device 1"), std::string::npos);
}

// Regression: closing with live buffers reports and frees each, and handles
// to them fail cleanly afterwards.
TEST(DeviceTest, CloseWithLiveBuffersReportsAndFreesThem) {
  auto device = std::move(Device::open(0, sim::Arch::kWormholeB0).value());
  Buffer dram =
      *create_buffer(*device, BufferConfig::interleaved(sim::MemoryType::kDram, 24 * 1024, 1024));
  uint64_t compiler_address = device->descriptor().l1_unreserved_base + 4096;
  Buffer l1 = *create_buffer_at(
      *device, BufferConfig::interleaved(sim::MemoryType::kL1, 64 * 512, 512), compiler_address);
  Buffer freed =
      *create_buffer(*device, BufferConfig::interleaved(sim::MemoryType::kDram, 1024, 1024));
  ASSERT_TRUE(deallocate_buffer(freed).ok());

  CloseReport report = device->close();
  ASSERT_EQ(report.leaked_buffers.size(), 2u);
  EXPECT_EQ(report.leaked_buffers[0].spec.memory_type, sim::MemoryType::kDram);
  EXPECT_EQ(report.leaked_buffers[0].address, dram.address());
  EXPECT_EQ(report.leaked_buffers[0].spec.size, 24u * 1024);
  EXPECT_EQ(report.leaked_buffers[1].address, compiler_address);
  EXPECT_TRUE(report.unsurfaced_errors.empty());

  EXPECT_FALSE(device->is_open());
  EXPECT_FALSE(l1.is_alive());
  Status after_close = deallocate_buffer(l1);
  ASSERT_FALSE(after_close.ok());
  EXPECT_NE(after_close.error().message().find("closed"), std::string::npos);
  EXPECT_FALSE(
      create_buffer(*device, BufferConfig::interleaved(sim::MemoryType::kDram, 1024, 1024)).ok());
  EXPECT_FALSE(device->command_queue(0).ok());
  EXPECT_TRUE(device->close().leaked_buffers.empty());  // closing twice is harmless
}

TEST(DeviceTest, DestroyingADeviceWithLiveBuffersAndPendingWorkIsSafe) {
  Buffer survivor;
  {
    auto device = std::move(Device::open(0, sim::Arch::kBlackhole).value());
    survivor =
        *create_buffer(*device, BufferConfig::interleaved(sim::MemoryType::kDram, 8 * 4096, 4096));
    std::vector<uint8_t> data(survivor.size(), 7);
    CommandQueue& queue = **device->command_queue(0);
    ASSERT_TRUE(queue.enqueue_write_buffer(survivor, data, /*blocking=*/true).ok());
  }
  EXPECT_FALSE(survivor.is_alive());
  EXPECT_FALSE(survivor.chip().ok());
}

}  // namespace
}  // namespace tessera::metal
