#include "tessera/ttnn/math/softmax.h"

#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

Status run_softmax(const fbn::SoftmaxOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(math::Tensor in, context.read_float(op.in(), "in"));
  TESSERA_RETURN_IF_ERROR(math::softmax(in.view(), op.dimension(), in.mutable_view()));
  return context.produce(op.out(), in);
}

}  // namespace tessera::runtime::ttnn_backend
