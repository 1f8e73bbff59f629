// evaluate_<name>: the reference semantics of each entry of the op list
// (format/ttnn_op_list.h), on float64 inputs given in operand order. The
// caller has checked the input count against the op's operands.
#pragma once

#include <span>
#include <vector>

#include "reference_ops.h"
#include "tessera/format/ttnn_op_list.h"

namespace tessera::builder::reference {

using RefTensors = Result<std::vector<RefTensor>>;

#define TESSERA_TTNN_OP(T, name, in_fields, out_fields) \
  RefTensors evaluate_##name(const tt::target::ttnn::T& op, std::span<const RefTensor> in);
TESSERA_TTNN_OP_LIST(TESSERA_TTNN_OP)
#undef TESSERA_TTNN_OP

}  // namespace tessera::builder::reference
