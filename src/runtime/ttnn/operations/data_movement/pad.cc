#include "tessera/ttnn/math/pad.h"

#include <vector>

#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

Status run_pad(const fbn::PadOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(math::Tensor in, context.read_float(op.in(), "in"));
  std::vector<uint32_t> padding;
  if (op.padding()) padding.assign(op.padding()->begin(), op.padding()->end());
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out, math::pad(in.view(), padding, op.value()));
  return context.produce(op.out(), out);
}

}  // namespace tessera::runtime::ttnn_backend
