// For each TTNN op: its display name and its tensor operands, in schema field
// order (inputs without the output field; lists expanded; absent optional
// operands skipped). Hooks and per-op golden checks see operands this way.
#pragma once

#include <string>
#include <vector>

#include "tessera/format/generated.h"

namespace tessera::runtime::ttnn_backend {

struct OperationOperands {
  std::vector<const ::tt::target::TensorRef*> inputs;
  std::vector<const ::tt::target::TensorRef*> outputs;
};

OperationOperands operation_operands(const ::tt::target::ttnn::Operation& op);

// "EltwiseOp Add", "ReductionOp Mean", "MatmulOp".
std::string operation_name(const ::tt::target::ttnn::Operation& op);

}  // namespace tessera::runtime::ttnn_backend
