// How a current-layout BufferRef becomes a device buffer: its MetalBuffer's
// interleaved or sharded config, as tt-metal would create it at the
// compiler's address.
#pragma once

#include <string>

#include "tessera/base/status.h"
#include "tessera/format/current_generated.h"
#include "tessera/metal/buffer.h"

namespace tessera::runtime::metal_backend::current {

// The MetalBuffer of a BufferRef, or an error if it is a host buffer.
Result<const tt::target::current::metal::MetalBuffer*> metal_buffer_of(
    const tt::target::current::metal::BufferRef& ref);

// Interleaved buffers as given. Sharded buffers follow their
// BufferDistributionSpec (N-d shards dealt round-robin to its cores) when
// it covers the buffer's pages, else their ShardSpecBuffer (block
// sharding), as tt-metal does when the spec is absent.
Result<metal::BufferConfig> buffer_config(const tt::target::current::metal::BufferRef& ref);

}  // namespace tessera::runtime::metal_backend::current
