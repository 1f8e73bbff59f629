#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

Status run_full(const fbn::FullOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(ttnn::TensorSpec spec, context.declared_spec(op.out(), "out"));
  return context.produce(op.out(), math::Tensor::filled(spec.shape, op.fill_value()));
}

}  // namespace tessera::runtime::ttnn_backend
