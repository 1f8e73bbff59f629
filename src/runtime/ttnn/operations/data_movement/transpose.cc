#include "../operations.h"
#include "tessera/ttnn/math/permute.h"

namespace tessera::runtime::ttnn_backend {

Status run_transpose(const fbn::TransposeOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(math::Tensor in, context.read_float(op.in(), "in"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out, math::transpose(in.view(), op.dim0(), op.dim1()));
  return context.produce(op.out(), out);
}

}  // namespace tessera::runtime::ttnn_backend
