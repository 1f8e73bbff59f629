// The TTNN op executor: runs a program's operations in order on the shared
// simulated device, with tensors in device memory as the program declares.
#pragma once

#include <span>

#include "tessera/runtime/submit.h"

namespace tessera::runtime::ttnn_backend {

Result<SubmitResult> submit(const Device& device, const Binary& binary, uint32_t program,
                            std::span<const Tensor> inputs, const SubmitOptions& options);

}  // namespace tessera::runtime::ttnn_backend
