#include "tessera/ttnn/math/matmul.h"

#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

// torch.matmul semantics (batched, broadcasting); fp32 accumulation.
Status run_matmul(const fbn::MatmulOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(math::Tensor a, context.read_float(op.in0(), "in0"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor b, context.read_float(op.in1(), "in1"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out, math::matmul(a.view(), b.view()));
  return context.produce(op.out(), out);
}

}  // namespace tessera::runtime::ttnn_backend
