// What a program's input or output tensor looks like, read from its TensorRef.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/base/status.h"

// The schema's enums, declared opaque: values are the wire format's.
namespace tt::target {
enum class DataType : uint16_t;
enum class MemorySpace : uint16_t;
}  // namespace tt::target

namespace tessera::runtime {

struct TensorInfo {
  uint32_t global_id = 0;
  std::vector<int64_t> shape;
  std::vector<int64_t> stride;
  tt::target::DataType data_type{};
  uint32_t element_size = 0;  // bytes; 0 for block-float types
  uint64_t size_bytes = 0;
  tt::target::MemorySpace memory_space{};

  // "tensor 3: 32x32 Float32 (4096 bytes)".
  std::string describe() const;
};

}  // namespace tessera::runtime
