// Concatenation along one dim.
#pragma once

#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

// All inputs have the same rank and agree on every dim except `dim`
// (negative allowed); at least one input.
Result<Shape> concat_output_shape(std::span<const Shape> inputs, int64_t dim);
Status concat(std::span<const ConstTensorView> inputs, int64_t dim, TensorView out);
Result<Tensor> concat(std::span<const ConstTensorView> inputs, int64_t dim);

}  // namespace tessera::ttnn::math
