// Eltwise unary ops on host tensors: the SFPU unary list's element math
// (sim/compute/unary_op.h), over the whole tensor in parallel.
#pragma once

#include "tessera/base/status.h"
#include "tessera/sim/compute/unary_op.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

using sim::compute::UnaryOp;
using sim::compute::UnaryParams;

// Writes op(in) into `out` (same shape; may be `in` itself).
Status unary(UnaryOp op, ConstTensorView in, TensorView out, const UnaryParams& params = {});
Result<Tensor> unary(UnaryOp op, ConstTensorView in, const UnaryParams& params = {});

}  // namespace tessera::ttnn::math
