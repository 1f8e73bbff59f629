// What a host BufferRef of the current layout holds: shape, host strides,
// data type and bytes (host_volume elements), as a TensorInfo.
#pragma once

#include "tessera/base/status.h"
#include "tessera/format/current_generated.h"
#include "tessera/runtime/tensor_info.h"

namespace tessera::runtime::metal_backend::current {

Result<TensorInfo> host_buffer_info(const tt::target::current::metal::BufferRef& ref);

}  // namespace tessera::runtime::metal_backend::current
