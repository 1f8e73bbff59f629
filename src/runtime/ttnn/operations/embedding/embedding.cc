#include "tessera/ttnn/math/embedding.h"

#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

Status run_embedding(const fbn::EmbeddingOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(math::Tensor indices, context.read_float(op.input(), "input"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor weight, context.read_float(op.weight(), "weight"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out, math::embedding(indices.view(), weight.view()));
  return context.produce(op.output(), out);
}

}  // namespace tessera::runtime::ttnn_backend
