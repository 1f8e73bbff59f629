// The L1 words of a global semaphore: one aligned page per core of its
// ranges (tt-metal's GlobalSemaphore buffer), written from the host.
#pragma once

#include "command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Result<metal::BufferConfig> global_semaphore_config(
    const flatbuffers::Vector<const tt::target::current::Dim2dRange*>* ranges);

// Sets the semaphore's word on every core to `value`.
Status write_global_semaphore(const GlobalSemaphore& semaphore, uint32_t value,
                              QueueContext& queue);

}  // namespace tessera::runtime::metal_backend::current
