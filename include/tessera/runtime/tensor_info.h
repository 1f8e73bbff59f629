// What a program's input or output tensor looks like, read from its TensorRef.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/base/status.h"

namespace tt::target {
struct TensorRef;
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

// Reads a TensorRef; errors on a missing descriptor or a size that disagrees
// with shape x element size (for non-block types).
Result<TensorInfo> tensor_info(const tt::target::TensorRef& ref);

uint32_t element_size(tt::target::DataType type);

}  // namespace tessera::runtime
