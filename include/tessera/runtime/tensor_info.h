// What a program's input or output tensor looks like, read from its TensorRef.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/runtime/data_type.h"

namespace tessera::runtime {

struct TensorInfo {
  uint32_t global_id = 0;
  std::vector<int64_t> shape;
  std::vector<int64_t> stride;
  DataType data_type = DataType::kFloat32;
  uint32_t element_size = 0;  // bytes; 0 for block-float types
  uint64_t size_bytes = 0;
  MemorySpace memory_space = MemorySpace::kSystem;

  // "tensor 3: 32x32 Float32 (4096 bytes)".
  std::string describe() const;
};

}  // namespace tessera::runtime
