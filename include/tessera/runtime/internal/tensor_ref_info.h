// Internal (not installed): a TensorInfo read from a binary's TensorRef.
#pragma once

#include <cstdint>

#include "tessera/base/status.h"
#include "tessera/runtime/tensor_info.h"

namespace tt::target {
struct TensorRef;
}

namespace tessera::runtime {

// Reads a TensorRef; errors on a missing descriptor or a size that disagrees
// with shape x element size (for non-block types).
Result<TensorInfo> tensor_info(const tt::target::TensorRef& ref);

uint32_t element_size(tt::target::DataType type);

}  // namespace tessera::runtime
