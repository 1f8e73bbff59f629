// A process-wide cache of large tensor buffers. Ops allocate and free
// same-sized tensors over and over; handing back memory that is already
// mapped avoids page faults, which on virtual machines cost more than the
// arithmetic of most ops.
#pragma once

#include <cstddef>

#include "tessera/base/large_buffer.h"

namespace tessera::ttnn::math {

// A buffer of at least `size` bytes (exactly `size` as far as callers know).
LargeBuffer acquire_tensor_storage(size_t size);
// Keeps `buffer` for reuse while the cache is under its limit.
void release_tensor_storage(LargeBuffer buffer);

}  // namespace tessera::ttnn::math
