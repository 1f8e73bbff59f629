// A circular buffer's shape (tt-metal's CircularBufferConfig): one L1
// allocation of `total_size` bytes shared by one or more CB indices, each
// with its data format and page size. Optionally placed inside an L1
// buffer ("globally allocated"), e.g. a sharded tensor.
#pragma once

#include <cstdint>
#include <map>
#include <optional>

#include "tessera/metal/buffer.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::metal {

struct CircularBufferFormat {
  sim::tile::DataFormat data_format = sim::tile::DataFormat::kFloat16_b;
  uint32_t page_size = 0;  // 0: the data format's tile size
};

struct CircularBufferConfig {
  uint32_t total_size = 0;
  std::map<uint32_t, CircularBufferFormat> formats;  // by CB index
  std::optional<Buffer> globally_allocated_buffer;
  // Bytes past the buffer's address where the CB starts (a binary's CBRef
  // address inside its tensor); checked to stay inside the buffer.
  uint32_t global_address_offset = 0;

  CircularBufferConfig() = default;
  CircularBufferConfig(uint32_t size, std::map<uint32_t, CircularBufferFormat> by_index)
      : total_size(size), formats(std::move(by_index)) {}

  CircularBufferConfig& set_page_size(uint32_t index, uint32_t page_size) {
    formats[index].page_size = page_size;
    return *this;
  }
  CircularBufferConfig& set_globally_allocated_address(const Buffer& buffer, uint32_t offset = 0) {
    globally_allocated_buffer = buffer;
    global_address_offset = offset;
    return *this;
  }
};

}  // namespace tessera::metal
