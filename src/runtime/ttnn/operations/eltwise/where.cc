#include "tessera/ttnn/math/where.h"

#include "eltwise_operands.h"

namespace tessera::runtime::ttnn_backend {

// ins = [condition, on_true, on_false], broadcasting like numpy.where.
Status run_where(const fbn::EltwiseOp& op, ProgramContext& context) {
  TESSERA_RETURN_IF_ERROR(check_eltwise_arity(op, 3));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor condition, context.read_float(op.ins()->Get(0), "ins[0]"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor on_true, context.read_float(op.ins()->Get(1), "ins[1]"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor on_false, context.read_float(op.ins()->Get(2), "ins[2]"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out,
                           math::where(condition.view(), on_true.view(), on_false.view()));
  return context.produce(op.out(), out);
}

}  // namespace tessera::runtime::ttnn_backend
