#include "tessera/ttnn/math/concat.h"

#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

Status run_concat(const fbn::ConcatOp& op, ProgramContext& context) {
  const uint32_t count = op.inputs() ? op.inputs()->size() : 0;
  if (count == 0) return make_error(ErrorCode::kInvalidArgument, "'inputs' is empty");
  std::vector<math::Tensor> inputs;
  std::vector<math::ConstTensorView> views;
  inputs.reserve(count);
  for (uint32_t i = 0; i < count; ++i) {
    std::string operand = "inputs[" + std::to_string(i) + "]";
    TESSERA_ASSIGN_OR_RETURN(math::Tensor in, context.read_float(op.inputs()->Get(i), operand));
    inputs.push_back(std::move(in));
    views.push_back(inputs.back().view());
  }
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out, math::concat(views, op.dim()));
  return context.produce(op.out(), out);
}

}  // namespace tessera::runtime::ttnn_backend
