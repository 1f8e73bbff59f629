// Ternary where(cond, a, b) with numpy broadcasting of all three operands.
#pragma once

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

// The broadcast shape of the three operands, or an error naming the shapes.
Result<Shape> where_output_shape(const Shape& cond, const Shape& a, const Shape& b);

// out = cond != 0 ? a : b (a NaN condition counts as true, as nonzero).
Status where(ConstTensorView cond, ConstTensorView a, ConstTensorView b, TensorView out);
Result<Tensor> where(ConstTensorView cond, ConstTensorView a, ConstTensorView b);

}  // namespace tessera::ttnn::math
