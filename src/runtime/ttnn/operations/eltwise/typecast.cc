#include "eltwise_operands.h"

namespace tessera::runtime::ttnn_backend {

// To the output's data type: nearest even for floats, saturating for integers.
Status run_typecast(const fbn::EltwiseOp& op, ProgramContext& context) {
  TESSERA_RETURN_IF_ERROR(check_eltwise_arity(op, 1));
  return context.convert_into(op.ins()->Get(0), op.out());
}

}  // namespace tessera::runtime::ttnn_backend
