#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

Status run_deallocate(const fbn::DeallocateOp& op, ProgramContext& context) {
  return context.deallocate(op.in(), "in");
}

}  // namespace tessera::runtime::ttnn_backend
