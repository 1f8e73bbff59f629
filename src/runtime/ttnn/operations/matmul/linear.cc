#include "../operations.h"
#include "tessera/ttnn/math/matmul.h"

namespace tessera::runtime::ttnn_backend {

Status run_linear(const fbn::LinearOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(math::Tensor input, context.read_float(op.in0(), "in0"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor weight, context.read_float(op.in1(), "in1"));
  std::optional<math::Tensor> bias;
  if (op.bias()) {
    TESSERA_ASSIGN_OR_RETURN(bias, context.read_float(op.bias(), "bias"));
  }
  std::optional<math::ConstTensorView> bias_view;
  if (bias) bias_view = bias->view();
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out, math::linear(input.view(), weight.view(), bias_view));
  return context.produce(op.out(), out);
}

}  // namespace tessera::runtime::ttnn_backend
