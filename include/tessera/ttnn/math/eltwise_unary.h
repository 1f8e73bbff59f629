// Eltwise unary ops.
#pragma once

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

enum class UnaryOp {
  kRelu,
  kSqrt,
  kSigmoid,
  kReciprocal,
  kExp,
  kNeg,
  kAbs,
  kLog,
  kTanh,
  kGelu,      // exact: 0.5 x (1 + erf(x / sqrt 2))
  kGeluTanh,  // approximation: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
};

const char* unary_op_name(UnaryOp op);

// Writes op(in) into `out` (same shape; may be `in` itself).
Status unary(UnaryOp op, ConstTensorView in, TensorView out);
Result<Tensor> unary(UnaryOp op, ConstTensorView in);

}  // namespace tessera::ttnn::math
