#include "tessera/ttnn/math/reduction.h"

#include "../operations.h"

namespace tessera::runtime::ttnn_backend {
namespace {

Result<math::ReduceOp> reduce_op(fbn::ReductionOpType type) {
  switch (type) {
    case fbn::ReductionOpType::Sum:
      return math::ReduceOp::kSum;
    case fbn::ReductionOpType::Mean:
      return math::ReduceOp::kMean;
    case fbn::ReductionOpType::Max:
      return math::ReduceOp::kMax;
  }
  return make_error(ErrorCode::kUnimplemented, "unknown reduction type ",
                    static_cast<uint32_t>(type));
}

}  // namespace

// An empty dim_arg reduces over every dim, as ttnn does.
Status run_reduction(const fbn::ReductionOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(math::ReduceOp kind, reduce_op(op.type()));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor in, context.read_float(op.in(), "in"));
  std::vector<int64_t> dims;
  if (op.dim_arg()) dims.assign(op.dim_arg()->begin(), op.dim_arg()->end());
  if (dims.empty()) {
    for (int dim = 0; dim < in.shape().rank(); ++dim) dims.push_back(dim);
  }
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out, math::reduce(kind, in.view(), dims, op.keep_dim()));
  return context.produce(op.out(), out);
}

}  // namespace tessera::runtime::ttnn_backend
