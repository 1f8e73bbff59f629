// Dispatch of one TTNN flatbuffer operation to its reference semantics, from
// the op list; the inputs must match the op's tensor operands.
#include <string>

#include "tessera/format/ttnn_operands.h"
#include "ttnn_op_evaluators.h"

namespace tessera::builder {
namespace {

namespace ttnn = tt::target::ttnn;
using reference::element_count;
using reference::RefTensors;

Status check_inputs(const ttnn::Operation& op, std::span<const RefTensor> inputs) {
  const size_t operands = format::ttnn_operands(op).inputs.size();
  if (inputs.size() != operands) {
    return make_error(ErrorCode::kInvalidArgument, "the op takes ", operands,
                      " tensor operands, got ", inputs.size());
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (static_cast<int64_t>(inputs[i].values.size()) != element_count(inputs[i].shape)) {
      return make_error(ErrorCode::kInvalidArgument, "input ", i, " has ", inputs[i].values.size(),
                        " values for shape of ", element_count(inputs[i].shape), " elements");
    }
  }
  return ok_status();
}

RefTensors dispatch(const ttnn::Operation& op, std::span<const RefTensor> inputs) {
  switch (op.type_type()) {
#define TESSERA_TTNN_OP(T, name, in_fields, out_fields)                                           \
  case ttnn::OpType::T:                                                                           \
    if (const ttnn::T* body = op.type_as_##T()) return reference::evaluate_##name(*body, inputs); \
    break;
    TESSERA_TTNN_OP_LIST(TESSERA_TTNN_OP)
#undef TESSERA_TTNN_OP
    default:
      break;
  }
  return make_error(ErrorCode::kUnimplemented, "operation type ", static_cast<int>(op.type_type()),
                    " has no reference semantics");
}

}  // namespace

Result<std::vector<RefTensor>> evaluate_ttnn_operation(const ttnn::Operation& op,
                                                       std::span<const RefTensor> inputs) {
  Status checked = check_inputs(op, inputs);
  RefTensors result = checked.ok() ? dispatch(op, inputs) : RefTensors(std::move(checked).error());
  if (!result.ok()) {
    return std::move(result).error().add_context(std::string("reference ") +
                                                 ttnn::EnumNameOpType(op.type_type()));
  }
  return result;
}

}  // namespace tessera::builder
