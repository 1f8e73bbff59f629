#include "tessera/ttnn/math/permute.h"

#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

Status run_permute(const fbn::PermuteOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(math::Tensor in, context.read_float(op.in(), "in"));
  std::vector<int64_t> permutation;
  if (op.permutation()) permutation.assign(op.permutation()->begin(), op.permutation()->end());
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out, math::permute(in.view(), permutation));
  return context.produce(op.out(), out);
}

}  // namespace tessera::runtime::ttnn_backend
