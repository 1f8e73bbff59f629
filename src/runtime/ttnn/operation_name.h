// The display name of a TTNN op: its type, and for eltwise and reduction ops
// the kind ("EltwiseOp Add", "ReductionOp Mean", "MatmulOp").
#pragma once

#include <string>

#include "tessera/format/generated.h"

namespace tessera::runtime::ttnn_backend {

std::string operation_name(const ::tt::target::ttnn::Operation& op);

}  // namespace tessera::runtime::ttnn_backend
