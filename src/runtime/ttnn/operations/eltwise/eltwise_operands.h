// Operand checks shared by the eltwise ops: how many `ins` each kind takes.
#pragma once

#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

inline Status check_eltwise_arity(const fbn::EltwiseOp& op, uint32_t expected) {
  const uint32_t count = op.ins() ? op.ins()->size() : 0;
  if (count != expected) {
    return make_error(ErrorCode::kInvalidArgument, "takes ", expected, " input(s) in 'ins', got ",
                      count);
  }
  return ok_status();
}

}  // namespace tessera::runtime::ttnn_backend
