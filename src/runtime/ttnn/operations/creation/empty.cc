#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

// Contents of an empty tensor are unspecified; zeros keep runs reproducible.
Status run_empty(const fbn::EmptyOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(ttnn::TensorSpec spec, context.declared_spec(op.out(), "out"));
  return context.produce(op.out(), math::Tensor::filled(spec.shape, 0.0f));
}

}  // namespace tessera::runtime::ttnn_backend
