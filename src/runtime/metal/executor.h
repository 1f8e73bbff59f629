// The TTM0 command-queue executor: runs a program's device programs, each
// command queue on its own host thread, ordered only by their events.
#pragma once

#include <span>

#include "tessera/runtime/submit.h"

namespace tessera::runtime::metal_backend {

Result<SubmitResult> submit(const Device& device, const Binary& binary, uint32_t program,
                            std::span<const Tensor> inputs, const SubmitOptions& options);

}  // namespace tessera::runtime::metal_backend
