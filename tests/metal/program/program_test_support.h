// Shared fixture for program tests: an open Wormhole device, DRAM buffers
// filled with a byte pattern, and a way to read them back.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "tessera/metal/device.h"
#include "tessera/metal/program/program.h"

namespace tessera::metal::testing {

class ProgramTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  CommandQueue& queue() { return **device_->command_queue(0); }
  // An interleaved buffer; `fill` true writes pattern(seed) into it.
  Buffer dram_buffer(uint64_t size, uint64_t page_size);
  Buffer filled_dram_buffer(uint64_t size, uint64_t page_size, uint32_t seed);
  std::vector<uint8_t> read(const Buffer& buffer);
  CoreCoord worker_noc(CoreCoord logical) const;
  Status run(Program& program) { return enqueue_program(queue(), *device_, program, true); }

  std::unique_ptr<Device> device_;
};

std::vector<uint8_t> pattern(uint64_t size, uint32_t seed);

}  // namespace tessera::metal::testing
