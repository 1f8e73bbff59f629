// Eltwise binary ops on tensors of one shape and layout, computed page by
// page straight out of (and into) the memory the pages live in: no staging
// copies, which makes memory-bound ops run near memory speed.
#pragma once

#include "tessera/base/status.h"
#include "tessera/ttnn/math/eltwise_binary.h"
#include "tessera/ttnn/tensor/tensor.h"

namespace tessera::ttnn {

// Whether pagewise_binary can run: same shape and layout everywhere.
bool pagewise_binary_applies(const TensorSpec& a, const TensorSpec& b, const TensorSpec& out);

// out = op(a, b): each operand decoded from its own format, computed in fp32,
// rounded to out's format. Padding is computed too and never read.
Status pagewise_binary(math::BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out);

}  // namespace tessera::ttnn
