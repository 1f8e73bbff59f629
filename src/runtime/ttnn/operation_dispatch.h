// Runs one TTNN operation: picks its handler by the union's type.
#pragma once

#include "program_context.h"

namespace tessera::runtime::ttnn_backend {

Status run_operation(const fbn::Operation& op, ProgramContext& context);

}  // namespace tessera::runtime::ttnn_backend
