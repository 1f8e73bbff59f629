// Internal (not installed): a TensorInfo read from a binary's TensorRef.
#pragma once

#include <cstdint>

#include "tessera/base/status.h"
#include "tessera/runtime/tensor_info.h"

namespace tt::target {
struct TensorRef;
namespace current::metal {
struct TensorRef;
}
}  // namespace tt::target

namespace tessera::runtime {

// Reads a TensorRef; errors on a missing descriptor or a size that disagrees
// with shape x element size (for non-block types).
Result<TensorInfo> tensor_info(const tt::target::TensorRef& ref);
// A current-layout program tensor: a host tensor of `global_id`, the id of
// its device program's BufferRef.
Result<TensorInfo> tensor_info(const tt::target::current::metal::TensorRef& ref,
                               uint32_t global_id);

// Bytes per element; 0 for block floats and types tessera cannot hold.
uint32_t element_size(DataType type);

}  // namespace tessera::runtime
