// Matmul (PyTorch semantics, batched with broadcasting) and linear.
#pragma once

#include <optional>

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

struct MatmulOptions {
  // Transpose the last two dims of an operand of rank >= 2 before multiplying
  // (ignored for 1-D operands).
  bool transpose_a = false;
  bool transpose_b = false;
};

// torch.matmul shapes: 1-D x 1-D is a dot product (shape []); a 1-D first
// operand is a row vector [1, K] and a 1-D second operand a column [K, 1],
// with that dim removed from the result; batch dims (all but the last two)
// broadcast.
Result<Shape> matmul_output_shape(const Shape& a, const Shape& b, MatmulOptions options = {});
Status matmul(ConstTensorView a, ConstTensorView b, TensorView out, MatmulOptions options = {});
Result<Tensor> matmul(ConstTensorView a, ConstTensorView b, MatmulOptions options = {});

// matmul(input, weight) + bias, where bias broadcasts to the result without
// changing its shape (typically [N] or [1, N]). transpose_b takes weight as
// [N, K] like torch.nn.functional.linear.
Result<Shape> linear_output_shape(const Shape& input, const Shape& weight,
                                  const std::optional<Shape>& bias, bool transpose_b = false);
Status linear(ConstTensorView input, ConstTensorView weight, std::optional<ConstTensorView> bias,
              TensorView out, bool transpose_b = false);
Result<Tensor> linear(ConstTensorView input, ConstTensorView weight,
                      std::optional<ConstTensorView> bias, bool transpose_b = false);

}  // namespace tessera::ttnn::math
