// The tensor operands of a TTNN operation in the order evaluate_ttnn_operation
// takes them (schema field order, output excluded, lists expanded, absent
// optional fields skipped), and its output.
#pragma once

#include <vector>

#include "tessera/format/generated.h"

namespace tessera::builder {

std::vector<const tt::target::TensorRef*> ttnn_operation_inputs(
    const tt::target::ttnn::Operation& op);
// nullptr for ops without an output (OpenDevice, CloseDevice, Deallocate).
const tt::target::TensorRef* ttnn_operation_output(const tt::target::ttnn::Operation& op);

}  // namespace tessera::builder
