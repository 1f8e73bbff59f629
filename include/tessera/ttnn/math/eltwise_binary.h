// Eltwise binary ops with numpy broadcasting.
#pragma once

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

enum class BinaryOp {
  kAdd,
  kSubtract,
  kMultiply,
  kDivide,        // IEEE: x/0 is +-inf, 0/0 is NaN
  kMaximum,       // NaN in either operand gives NaN, like torch.maximum
  kMinimum,       // NaN in either operand gives NaN, like torch.minimum
  kGreaterEqual,  // 1.0 where a >= b, else 0.0
};

const char* binary_op_name(BinaryOp op);

// The broadcast shape of a and b, or an error naming both shapes.
Result<Shape> binary_output_shape(BinaryOp op, const Shape& a, const Shape& b);

// Writes op(a, b) into `out`, whose shape must be the broadcast shape. `out`
// may alias an input of the same shape (in-place update).
Status binary(BinaryOp op, ConstTensorView a, ConstTensorView b, TensorView out);
Result<Tensor> binary(BinaryOp op, ConstTensorView a, ConstTensorView b);

}  // namespace tessera::ttnn::math
