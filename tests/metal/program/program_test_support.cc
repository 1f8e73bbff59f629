#include "program_test_support.h"

namespace tessera::metal::testing {

void ProgramTest::SetUp() {
  auto device = Device::open(0, sim::Arch::kWormholeB0);
  ASSERT_TRUE(device.ok()) << device.error().describe();
  device_ = std::move(*device);
}

void ProgramTest::TearDown() {
  if (device_) device_->close();
}

std::vector<uint8_t> pattern(uint64_t size, uint32_t seed) {
  std::vector<uint8_t> bytes(size);
  uint32_t state = seed * 2654435761u + 1;
  for (uint8_t& byte : bytes) {
    state = state * 1664525u + 1013904223u;
    byte = static_cast<uint8_t>(state >> 24);
  }
  return bytes;
}

Buffer ProgramTest::dram_buffer(uint64_t size, uint64_t page_size) {
  auto buffer =
      create_buffer(*device_, BufferConfig::interleaved(sim::MemoryType::kDram, size, page_size));
  EXPECT_TRUE(buffer.ok()) << buffer.error().describe();
  return buffer.ok() ? *buffer : Buffer();
}

Buffer ProgramTest::filled_dram_buffer(uint64_t size, uint64_t page_size, uint32_t seed) {
  Buffer buffer = dram_buffer(size, page_size);
  std::vector<uint8_t> data = pattern(size, seed);
  Status status = queue().enqueue_write_buffer(buffer, data, true);
  EXPECT_TRUE(status.ok()) << status.error().describe();
  return buffer;
}

std::vector<uint8_t> ProgramTest::read(const Buffer& buffer) {
  std::vector<uint8_t> data(buffer.size());
  Status status = queue().enqueue_read_buffer(buffer, data, true);
  EXPECT_TRUE(status.ok()) << status.error().describe();
  return data;
}

CoreCoord ProgramTest::worker_noc(CoreCoord logical) const {
  return *device_->descriptor().worker_noc_from_logical(logical);
}

}  // namespace tessera::metal::testing
