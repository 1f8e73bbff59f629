// The timing model's analytical estimate of one TTNN op (TTNN ops run on
// the host, not as kernels): its tiles of math and DRAM traffic from the
// operands' shapes, formats and memory (sim/timing/op_estimate.h).
#pragma once

#include <optional>
#include <string>

#include "program_context.h"
#include "tessera/runtime/device_time.h"

namespace tessera::runtime::ttnn_backend {

// Nothing for ops that run no kernels (device management, host tensors).
Result<std::optional<ProgramDeviceTime>> op_device_time(const fbn::Operation& op,
                                                        const std::string& name, uint32_t index,
                                                        ProgramContext& context);

}  // namespace tessera::runtime::ttnn_backend
