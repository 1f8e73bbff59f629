// The host half of TensorAccessorArgs: a buffer's layout as compile-time
// args for a kernel's TensorAccessor (api/dataflow/tensor_accessor.h).
#pragma once

#include <cstdint>
#include <vector>

#include "tessera/metal/buffer.h"

namespace tessera::metal {

// One config word: bit 0 sharded, bit 1 DRAM, bits 8..31 the page size
// (0 when it does not fit), which the kernel's get_aligned_page_size() and
// 2-argument TensorAccessor read.
class TensorAccessorArgs {
 public:
  explicit TensorAccessorArgs(const Buffer& buffer)
      : config_((buffer.info().spec.layout != sim::BufferLayout::kInterleaved ? 1u : 0u) |
                (buffer.memory_type() == sim::MemoryType::kDram ? 2u : 0u) |
                (buffer.page_size() < (uint64_t{1} << 24)
                     ? static_cast<uint32_t>(buffer.page_size()) << 8
                     : 0u)) {}

  // Appends the args the kernel-side TensorAccessorArgs<offset> reads.
  void append_to(std::vector<uint32_t>& compile_time_args) const {
    compile_time_args.push_back(config_);
  }

 private:
  uint32_t config_;
};

}  // namespace tessera::metal
