// Where one circular buffer lives in a core's L1 and how it is paged.
#pragma once

#include <cstdint>

#include "tessera/sim/tile/data_format.h"

namespace tessera::sim {

struct CircularBufferLayout {
  uint32_t index = 0;      // the CB id kernels use (0..31)
  uint32_t address = 0;    // L1 offset within the core
  uint32_t size = 0;       // bytes, a multiple of page_size
  uint32_t page_size = 0;  // bytes
  tile::DataFormat format = tile::DataFormat::kFloat16_b;

  uint32_t num_pages() const { return page_size == 0 ? 0 : size / page_size; }
};

}  // namespace tessera::sim
