// The executor of the compiler's current TTMetal layout: runs a program's
// device program the way the compiler's runtime does (its command queues
// one after another, each command in order), with program inputs as host
// buffers and outputs from its ReturnCommand.
#pragma once

#include <span>

#include "tessera/runtime/submit.h"

namespace tessera::runtime::metal_backend::current {

Result<SubmitResult> submit(const Device& device, const Binary& binary, uint32_t program,
                            std::span<const Tensor> inputs, const SubmitOptions& options);

}  // namespace tessera::runtime::metal_backend::current
